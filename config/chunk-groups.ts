import { basename } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type InlineConfig, type Plugin, type Rolldown } from 'vite'

type Output = Rolldown.RolldownOutput['output'][number]
export type Chunk = Extract<Output, { type: 'chunk' }>
export type CodeSplittingGroup = NonNullable<
  Extract<NonNullable<Rolldown.OutputOptions['codeSplitting']>, object>['groups']
>[number]

/** A set of modules that end in one chunk: who loads it, what it weighs, what it imports. */
export interface Group {
  /** Named after its largest module of our own (else its largest module): `form`, `money`. */
  name: { id: string; bytes: number }
  modules: string[]
  /** The lazy roots (route pages, overlays...) whose static chunk graph holds it. */
  users: Set<string>
  gzipBytes: number
  imports: Set<Group>
}

/**
 * The chunks of a first build of the same sources (to memory, not to disk): its chunk graph
 * says which lazy roots really use each module; a module's import graph would not:
 * react-aria-components' modules import each other for contexts that tree-shaking drops
 * (measured: by imports, react-aria's focus scope, menu and tabs are "used" by every page).
 */
export async function firstPass(config: InlineConfig): Promise<Chunk[]> {
  const result = await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    build: { ...config.build, write: false, sourcemap: false, manifest: false },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  return outputs
    .flatMap((output) => output.output)
    .filter((item): item is Chunk => item.type === 'chunk')
}

/** The shared chunks of the first pass: who loads each, what it weighs, what it imports. */
function sharedChunks(chunks: Chunk[]): Group[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const closure = (chunk: Chunk, into = new Set<string>()) => {
    for (const file of chunk.imports) {
      if (into.has(file)) continue
      into.add(file)
      const imported = byFile.get(file)
      if (imported) closure(imported, into)
    }
    return into
  }
  // The entry's chunk and what it imports load on every page anyway.
  const withEntry = new Set<string>()
  for (const chunk of chunks) {
    if (!chunk.isEntry) continue
    withEntry.add(chunk.fileName)
    closure(chunk, withEntry)
  }
  const users = new Map<string, Set<string>>()
  for (const root of chunks) {
    if (!root.isDynamicEntry || root.isEntry) continue
    for (const file of closure(root)) {
      users.set(file, (users.get(file) ?? new Set()).add(root.facadeModuleId ?? root.fileName))
    }
  }
  const groups = new Map<string, Group>()
  for (const chunk of chunks) {
    const chunkUsers = users.get(chunk.fileName)
    // A lazy root's own chunk stays its own (it is what the page or overlay asks for).
    if (!chunkUsers || chunk.isDynamicEntry || withEntry.has(chunk.fileName)) continue
    const sized = Object.entries(chunk.modules).map(([id, { renderedLength }]) => ({
      id,
      bytes: renderedLength * (/[\\/]src[\\/]/.test(id) ? 1000 : 1),
    }))
    groups.set(chunk.fileName, {
      name: sized.reduce((a, b) => (b.bytes > a.bytes ? b : a)),
      modules: chunk.moduleIds,
      users: chunkUsers,
      gzipBytes: gzipSync(chunk.code).length,
      imports: new Set(),
    })
  }
  for (const [file, group] of groups) {
    for (const imported of byFile.get(file)!.imports) {
      const target = groups.get(imported)
      if (target) group.imports.add(target)
    }
  }
  return [...groups.values()]
}

/** Whether merging `a` and `b` would make two groups import each other (through others). */
function mergeMakesCycle(a: Group, b: Group): boolean {
  // A cycle through the merged group is a path from one of them to the other through a third.
  const reaches = (from: Group, to: Group) => {
    const seen = new Set<Group>()
    const stack = [...from.imports].filter((group) => group !== to)
    while (stack.length > 0) {
      const group = stack.pop()!
      if (group === to) return true
      if (seen.has(group)) continue
      seen.add(group)
      stack.push(...group.imports)
    }
    return false
  }
  return reaches(a, b) || reaches(b, a)
}

export interface MergeOptions {
  /** What a request costs a page, in gzip bytes. */
  requestBytes: number
  /**
   * The most a root may load of code it does not use, in gzip bytes: one figure for all, or
   * one a root (the visitor pages, whose first-load budget is the tightest, may take less).
   */
  maxWasteBytes: number | ((root: string) => number)
  /**
   * Whether a root's requests count (a page: yes; an overlay or a dialog, loaded at idle or
   * on demand: no). Every root's unused bytes count, whatever it is.
   */
  requestsCount: (root: string) => boolean
  /**
   * How many pages a root is: a route file that answers several (the provider route, a page
   * a provider) is each one's first load, so its requests and its unused bytes count that
   * many times. One unless said.
   */
  pagesOf?: (root: string) => number
}

/**
 * Merges shared chunks, best merge first, while a merge saves more than it costs: merging `a`
 * and `b` saves a request (counted as `requestBytes`) on each root that loads both, and makes
 * each root that loads only one load the other's bytes too. No root is made to load more than
 * `maxWasteBytes` (gzip) of code it does not use, and no merge makes two chunks import each
 * other.
 */
export function mergeGroups(
  groups: Group[],
  { requestBytes, maxWasteBytes, requestsCount, pagesOf = () => 1 }: MergeOptions,
): Group[] {
  const wasteLimit = typeof maxWasteBytes === 'number' ? () => maxWasteBytes : maxWasteBytes
  const live = new Set(groups)
  const waste = new Map<string, number>()
  const cost = (a: Group, b: Group) => {
    const added = new Map<string, number>()
    for (const user of a.users) if (!b.users.has(user)) added.set(user, b.gzipBytes)
    for (const user of b.users) if (!a.users.has(user)) added.set(user, a.gzipBytes)
    return added
  }
  for (;;) {
    let best: { a: Group; b: Group; gain: number } | null = null
    const list = [...live]
    for (const [i, a] of list.entries()) {
      for (const b of list.slice(i + 1)) {
        let gain = 0
        for (const user of a.users)
          if (b.users.has(user) && requestsCount(user)) gain += requestBytes * pagesOf(user)
        if (gain === 0) continue
        let fits = true
        for (const [user, bytes] of cost(a, b)) {
          gain -= bytes * pagesOf(user)
          if ((waste.get(user) ?? 0) + bytes > wasteLimit(user)) fits = false
        }
        if (fits && gain > 0 && (!best || gain > best.gain) && !mergeMakesCycle(a, b))
          best = { a, b, gain }
      }
    }
    if (!best) return [...live]
    const { a, b } = best
    for (const [user, bytes] of cost(a, b)) waste.set(user, (waste.get(user) ?? 0) + bytes)
    const merged: Group = {
      name: a.name.bytes >= b.name.bytes ? a.name : b.name,
      modules: [...a.modules, ...b.modules],
      users: new Set([...a.users, ...b.users]),
      gzipBytes: a.gzipBytes + b.gzipBytes,
      imports: new Set([...a.imports, ...b.imports].filter((g) => g !== a && g !== b)),
    }
    live.delete(a)
    live.delete(b)
    for (const group of live) {
      if (group.imports.delete(a) || group.imports.delete(b)) group.imports.add(merged)
    }
    live.add(merged)
  }
}

/**
 * Rolldown `codeSplitting` groups for the code the lazy roots share (route pages, overlays):
 * rolldown's own split makes one chunk per set of roots that share a module, which on the
 * form pages was 15-31 script requests a first load. Starting from that split
 * (`chunks`, of `firstPass(config)`: the build's config without the plugins that write or
 * serve), shared chunks are merged while a merge saves more requests than it costs bytes
 * (`mergeGroups`), then handed to the real build as groups.
 *
 * A group takes only its modules, not their dependencies (`includeDependenciesRecursively`
 * off): those are placed by the plan too, and a merge that would make two chunks import each
 * other is not made.
 */
export function sharedChunkGroups(
  chunks: Chunk[],
  config: InlineConfig,
  merge: MergeOptions,
  priority: number,
): CodeSplittingGroup[] {
  const groups = mergeGroups(sharedChunks(chunks), merge)
  const plan = new Map<string, string>()
  // Rolldown makes one group of each name: two groups named alike would become one, so the
  // names are new, also beside the config's own groups.
  const output = config.build?.rolldownOptions?.output
  const split = output && !Array.isArray(output) ? output.codeSplitting : undefined
  const configGroups = typeof split === 'object' ? (split.groups ?? []) : []
  const names = new Set(
    configGroups.flatMap((group) => (typeof group.name === 'string' ? [group.name] : [])),
  )
  for (const group of groups) {
    const base = basename(group.name.id.split('?')[0]!).replace(/\.[^.]*$/, '')
    let name = base
    for (let n = 2; names.has(name); n += 1) name = `${base}${n}`
    names.add(name)
    for (const id of group.modules) plan.set(id, name)
  }
  return [
    {
      name: (id: string) => plan.get(id) ?? null,
      test: (id: string) => plan.has(id),
      priority,
      includeDependenciesRecursively: false,
    },
  ]
}

/** For the plan's build: stylesheets load empty (they play no part in the chunk graph). */
export function emptyStylesheets(): Plugin {
  return {
    name: 'empty-stylesheets',
    enforce: 'pre',
    load(id) {
      if (/\.css($|\?)/.test(id)) return ''
    },
  }
}

/** For the plan's build: virtual modules of plugins it leaves out, as fixed source. */
export function stubModules(sources: Record<string, string>): Plugin {
  return {
    name: 'stub-modules',
    enforce: 'pre',
    resolveId(id) {
      if (id in sources) return `\0stub:${id}`
    },
    load(id) {
      if (id.startsWith('\0stub:')) return sources[id.slice('\0stub:'.length)]
    },
  }
}
