import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { init, parse } from 'es-module-lexer'
import MagicString from 'magic-string'
import type { Plugin } from 'vite'
import type { Chunk } from './chunk-groups.ts'

/**
 * Each language's messages in two files (issue 19: "only what the screen shows"): all of them,
 * and the first part, the messages of the entry (the shell) and of the pages that draw with
 * those alone (the landing page). Such a page loads the first part; every other page loads
 * all its language's messages, in one file as before, and so does the first page or overlay
 * that needs more than the first part once the player has moved on from a first-part page
 * (then for every language the player switches to).
 *
 * Which message is in the first part is read from the first build pass
 * (config/chunk-groups.ts): the messages in the entry's chunks and in those of the first-part
 * pages' lazy roots. Every other lazy root (a page, an overlay, a dialog) whose chunks hold a
 * message beyond them is loaded with all the messages: its `import()` becomes
 * `withRestMessages(import())`, which resolves once both are here (the router and React.lazy
 * wait for it as for the code alone). Code that can show a message beyond the first part
 * thereby cannot run before it is here. (Not a top-level await in the root: with one, rolldown
 * moved the entry into a chunk of its own and Vite's manifest lost it.)
 *
 * Without a plan (the dev server, Vitest, the prerender) nothing changes: each language's
 * messages are one file, as generated (scripts/messages-per-locale.mjs).
 */

const MESSAGE = /generated[\\/]paraglide[\\/]messages[\\/](\w+)\.js$/
const FIRST_PART = /generated[\\/]paraglide[\\/]locales[\\/]\w+\.js\?first$/
const CATALOGUE = /generated[\\/]paraglide[\\/]catalogue\.js$/
/** The catalogue's (empty) tables of the first part, which the build fills. */
const FIRST_LOADERS = 'const firstLoaders = {}'
const FIRST_PART_PATHS = 'const firstPartPaths = []'
/** The plan, written beside Vite's manifest. */
export const MESSAGE_PARTS_FILE = '.vite/message-parts.json'

export interface MessagePlan {
  /** The keys of the first part's messages. */
  first: Set<string>
  /** The lazy roots (module ids) that wait for the rest of the messages. */
  waiting: Set<string>
  /** The lazy roots (module ids) of the pages that draw with the first part alone. */
  firstRoots: string[]
  /**
   * Their paths (patterns): the one list the catalogue (which file to load at start) and the
   * preload script (which file to preload) both read, so the two cannot disagree.
   */
  firstPartPaths: string[]
}

/**
 * The plan, from the first pass's chunks: `firstRoots` are the lazy roots (module ids) whose
 * messages are in the first part (their page draws without waiting).
 */
export function planMessageParts(
  chunks: Chunk[],
  firstRoots: (moduleId: string) => boolean,
  pathOf: (moduleId: string) => string | undefined,
): MessagePlan {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const closure = (chunk: Chunk, into = new Set<Chunk>()) => {
    if (into.has(chunk)) return into
    into.add(chunk)
    for (const file of chunk.imports) {
      const imported = byFile.get(file)
      if (imported) closure(imported, into)
    }
    return into
  }
  const messagesOf = (within: Set<Chunk>) =>
    [...within].flatMap((chunk) =>
      Object.entries(chunk.modules).flatMap(([id, { renderedLength }]) => {
        const key = renderedLength > 0 ? MESSAGE.exec(id)?.[1] : undefined
        return key ? [key] : []
      }),
    )
  const first = new Set<string>()
  const lazyRoots: [string, Set<Chunk>][] = []
  for (const chunk of chunks) {
    if (chunk.isEntry) for (const key of messagesOf(closure(chunk))) first.add(key)
    else if (chunk.isDynamicEntry && chunk.facadeModuleId) {
      const within = closure(chunk)
      if (firstRoots(chunk.facadeModuleId)) for (const key of messagesOf(within)) first.add(key)
      else lazyRoots.push([chunk.facadeModuleId, within])
    }
  }
  const waiting = new Set<string>()
  for (const [root, within] of lazyRoots) {
    if (messagesOf(within).some((key) => !first.has(key))) waiting.add(root)
  }
  const roots = chunks.flatMap(({ facadeModuleId: root }) =>
    root && firstRoots(root) ? [root] : [],
  )
  const firstPartPaths = roots.flatMap((root) => pathOf(root) ?? [])
  return { first, waiting, firstRoots: roots, firstPartPaths }
}

/**
 * A generated catalogue (`export default [\n\t/* key *\/ fn,\n ...]`) as its entries, in
 * order: the key, its number and the function's source.
 */
export function catalogueEntries(source: string): { key: string; index: number; fn: string }[] {
  const [, ...pieces] = source.split(/^\t\/\* (\w+) \*\/ /m)
  const entries = []
  for (let i = 0; i < pieces.length; i += 2) {
    const fn = pieces[i + 1]!.replace(/\n\]\n*$/, '').replace(/,\s*$/, '')
    entries.push({ key: pieces[i]!, index: i / 2, fn })
  }
  if (!entries.length) throw new Error('message-parts: a catalogue without entries')
  return entries
}

/**
 * The first part of a catalogue: its messages at their numbers (the whole catalogue's), the
 * others left out as holes of the array (which \`Object.assign\` skips).
 */
export function cataloguePart(source: string, keep: (key: string) => boolean): string {
  const slots: string[] = []
  for (const { key, index, fn } of catalogueEntries(source)) slots[index] = keep(key) ? fn : ''
  while (slots.length && !slots.at(-1)) slots.pop()
  return `export default [\n${slots.join(',\n')}\n]\n`
}

/**
 * The build's plugin: makes each language's first part (the module
 * `generated/paraglide/locales/<locale>.js?first`) by `plan` (filled by the config before the
 * build runs), tells the catalogue of them, and has every import of a waiting root wait for
 * the rest of the messages too.
 */
export function messageParts(plan: { current?: MessagePlan }): Plugin {
  let root = process.cwd()
  const wrapped = new Set<string>()
  return {
    name: 'message-parts',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root
    },
    generateBundle() {
      if (!plan.current) return
      // A root loaded some other way (an import() of a computed path) would run without them.
      const unwrapped = [...plan.current.waiting].filter((id) => !wrapped.has(id))
      if (unwrapped.length)
        this.error(`message-parts: no import() of ${unwrapped.join(', ')} waits for the messages`)
      // For `npm run size` (scripts/bundle-size.mjs), beside Vite's manifest: the pages that
      // load the first part (the others load every message) and the roots that wait.
      const relativeIds = (ids: Iterable<string>) => [...ids].map((id) => relative(root, id)).sort()
      this.emitFile({
        type: 'asset',
        fileName: MESSAGE_PARTS_FILE,
        source: `${JSON.stringify(
          {
            firstRoots: relativeIds(plan.current.firstRoots),
            firstPartPaths: plan.current.firstPartPaths,
            waiting: relativeIds(plan.current.waiting),
          },
          null,
          2,
        )}\n`,
      })
    },
    load(id) {
      if (!plan.current || !FIRST_PART.test(id)) return
      const { first } = plan.current
      return cataloguePart(readFileSync(id.replace(/\?first$/, ''), 'utf8'), (key) =>
        first.has(key),
      )
    },
    async transform(code, id) {
      if (!plan.current) return
      if (CATALOGUE.test(id)) {
        if (!code.includes(FIRST_LOADERS) || !code.includes(FIRST_PART_PATHS))
          throw new Error('message-parts: the catalogue has no tables for the first part')
        const locales = [...code.matchAll(/^\t(\w+): \(\) => import\(/gm)].map(([, l]) => l!)
        const loaders = locales.map((l) => `\t${l}: () => import('./locales/${l}.js?first'),`)
        return code
          .replace(FIRST_LOADERS, `const firstLoaders = {\n${loaders.join('\n')}\n}`)
          .replace(
            FIRST_PART_PATHS,
            `const firstPartPaths = ${JSON.stringify(plan.current.firstPartPaths)}`,
          )
      }
      if (!plan.current.waiting.size || !code.includes('import(')) return
      await init
      const [imports] = parse(code, id)
      const source = new MagicString(code)
      for (const { d, n, ss, se } of imports) {
        // A dynamic import of a string (d > -1: `import(` starts at ss, its `)` ends at se).
        if (d < 0 || n === undefined || se <= ss) continue
        const resolved = await this.resolve(n, id)
        if (!resolved || !plan.current.waiting.has(resolved.id)) continue
        wrapped.add(resolved.id)
        source.appendLeft(ss, '__withRestMessages(').prependRight(se, ')')
      }
      if (!source.hasChanged()) return
      source.prepend(
        `import { withRestMessages as __withRestMessages } from '~generated/paraglide/catalogue';\n`,
      )
      return { code: source.toString(), map: source.generateMap({ hires: true }) }
    },
  }
}
