import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { init, parse } from 'es-module-lexer'
import MagicString from 'magic-string'
import { minifySync, type Plugin } from 'vite'
import type { Chunk } from './chunk-groups.ts'

/**
 * Each language's messages a page at a time (decision 009: "only what the screen shows"). Beside
 * each language's whole catalogue, the build makes one part a page: the messages of the entry
 * (the shell) and of that page's chunks. A first load of a page loads its part only; the page
 * or overlay that then needs a message beyond it (another page, a dialog, the overlays loaded
 * at idle) waits for all the language's messages, in one file as before, and from then on a
 * language switch loads all of a language. A page the service worker answers loads the whole
 * file too: the worker has it (the parts are left out of its precache, config/pwa.ts).
 *
 * Which message is in which part is read from the first build pass (config/chunk-groups.ts).
 * Every lazy root (a page, an overlay, a dialog) whose chunks hold a message beyond the
 * entry's is imported as `withMessages([parts], import())`, `parts` being the pages' parts
 * that hold all of its messages: it resolves once the code and the messages are both here
 * (the router and React.lazy wait for it as for the code alone), loading the whole language
 * unless the page started with one of those parts. Code that shows a message therefore cannot
 * run before it is here. (Not a top-level await in the root: with one, rolldown moved the
 * entry into a chunk of its own and Vite's manifest lost it.)
 *
 * Without a plan (the dev server, Vitest, the prerender) nothing changes: each language's
 * messages are one file, as generated (scripts/messages-per-locale.mjs).
 */

const MESSAGE = /generated[\\/]paraglide[\\/]messages[\\/](\w+)\.js$/
const LOCALES_DIR = 'generated/paraglide/locales'
const CATALOGUE = /generated[\\/]paraglide[\\/]catalogue\.js$/
/** The catalogue's (empty) tables of the parts, which the build fills. */
const PART_FILE = /const partFile = (''|"")/
const PART_PATHS = 'const partPaths = []'
/** The plan, written beside Vite's manifest. */
export const MESSAGE_PARTS_FILE = '.vite/message-parts.json'
/**
 * Where the parts are written (in the assets folder, beside the catalogue's chunk):
 * `{locale}` and `{part}` stand for a language and a part's number, `{hash}` for one hash of
 * every part's content. Their own name, which the worker's precache leaves out (config/pwa.ts).
 */
export const PART_FILE_NAME = 'page-messages-{locale}-{part}-{hash}.js'
/** The parts' files, for the worker's precache to leave out (config/pwa.ts). */
export const PART_FILES_GLOB = 'page-messages-*.js'
export const partFileName = (pattern: string, locale: string, part: number) =>
  pattern.replace('{locale}', locale).replace('{part}', String(part))

/** One page's part of the messages. */
export interface MessagePart {
  /** The page's lazy root (module id). */
  root: string
  /** Its path (pattern), as the catalogue and the preload script match the location. */
  path: string
  /** The keys of its messages: the entry's and the page's. */
  keys: Set<string>
}

export interface MessagePlan {
  /**
   * One part a page, numbered by their place here: a static path before a pattern that would
   * also match it (/player/promotion/history before /player/promotion/$id), as the preload
   * script orders them, so both find the same part.
   */
  parts: MessagePart[]
  /**
   * Every lazy root (module id) that shows a message beyond the entry's, with the numbers of
   * the parts that hold all of its messages (none: only the whole language will do).
   */
  covering: Map<string, number[]>
}

/** A static path before a pattern that would also match it. */
export const byPathOrder = (a: string, b: string) =>
  Number(a.includes('[^/]+')) - Number(b.includes('[^/]+'))

/**
 * The plan, from the first pass's chunks: each lazy root for which `isPage` holds and
 * `pathOf` knows a path gets a part.
 */
export function planMessageParts(
  chunks: Chunk[],
  isPage: (moduleId: string) => boolean,
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
    new Set(
      [...within].flatMap((chunk) =>
        Object.entries(chunk.modules).flatMap(([id, { renderedLength }]) => {
          const key = renderedLength > 0 ? MESSAGE.exec(id)?.[1] : undefined
          return key ? [key] : []
        }),
      ),
    )
  const entry = chunks.find((chunk) => chunk.isEntry)
  const inEntry = entry ? messagesOf(closure(entry)) : new Set<string>()
  const lazyRoots = chunks.flatMap((chunk) =>
    chunk.isDynamicEntry && chunk.facadeModuleId
      ? [{ root: chunk.facadeModuleId, keys: messagesOf(closure(chunk)) }]
      : [],
  )
  const parts = lazyRoots
    .flatMap(({ root, keys }) => {
      const path = isPage(root) ? pathOf(root) : undefined
      return path === undefined ? [] : [{ root, path, keys: new Set([...inEntry, ...keys]) }]
    })
    .sort((a, b) => byPathOrder(a.path, b.path))
  const covering = new Map<string, number[]>()
  for (const { root, keys } of lazyRoots) {
    if ([...keys].every((key) => inEntry.has(key))) continue
    const holding = parts.flatMap((part, n) =>
      [...keys].every((key) => part.keys.has(key)) ? [n] : [],
    )
    covering.set(root, holding)
  }
  return { parts, covering }
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
 * A part of a catalogue: its messages at their numbers (the whole catalogue's), the others
 * left out as holes of the array (which \`Object.assign\` skips).
 */
export function cataloguePart(source: string, keep: (key: string) => boolean): string {
  const slots: string[] = []
  for (const { key, index, fn } of catalogueEntries(source)) slots[index] = keep(key) ? fn : ''
  while (slots.length && !slots.at(-1)) slots.pop()
  return `export default [\n${slots.join(',\n')}\n]\n`
}

export interface MessagePartsApi {
  /**
   * Where this build wrote the parts (`PART_FILE_NAME` under the assets folder, its hash
   * filled), once it has started; undefined without parts.
   */
  partFile(): string | undefined
}

/**
 * The build's plugin: writes each page's part of each language (by `plan`, filled by the
 * config before the build runs) and tells the catalogue of them, and has every import of a
 * lazy root that shows more than the entry's messages wait for its messages.
 *
 * The parts are written as they are, minified, not bundled: each is an array of message
 * functions that imports nothing. All take one hash of their contents in their names, so the
 * catalogue and the preload script find any of them from the path pattern and that hash
 * alone (72 names with a hash each were 1 KB gz more on every page).
 */
export function messageParts(plan: { current?: MessagePlan }): Plugin<MessagePartsApi> {
  let root = process.cwd()
  let assetsDir = 'assets'
  const wrapped = new Set<string>()
  /** This build's parts: their file name pattern (hash filled) and each file's code. */
  let written: { pattern: string; files: Map<string, string> } | undefined
  return {
    name: 'message-parts',
    api: { partFile: () => (written ? `${assetsDir}/${written.pattern}` : undefined) },
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root
      assetsDir = config.build.assetsDir
    },
    buildStart() {
      written = undefined
      if (!plan.current) return
      const dir = resolve(root, LOCALES_DIR)
      const locales = readdirSync(dir)
        .filter((file) => file.endsWith('.js'))
        .map((file) => file.slice(0, -3))
        .sort()
      const codes = new Map<string, string>()
      for (const locale of locales) {
        const source = readFileSync(join(dir, `${locale}.js`), 'utf8')
        plan.current.parts.forEach((part, n) => {
          const { code, errors } = minifySync(
            `${locale}-${n}.js`,
            cataloguePart(source, (key) => part.keys.has(key)),
          )
          if (errors.length) throw new Error(`message-parts: ${errors[0]!.message}`)
          codes.set(partFileName(PART_FILE_NAME, locale, n), code)
        })
      }
      const hash = createHash('sha256')
      for (const [name, code] of codes) hash.update(`${name}\0${code}\0`)
      const digest = hash.digest('base64url').slice(0, 8)
      const files = new Map<string, string>()
      for (const [name, code] of codes) files.set(name.replace('{hash}', digest), code)
      written = { pattern: PART_FILE_NAME.replace('{hash}', digest), files }
    },
    generateBundle() {
      if (!plan.current || !written) return
      // A root loaded some other way (an import() of a computed path) would run without them.
      const unwrapped = [...plan.current.covering.keys()].filter((id) => !wrapped.has(id))
      if (unwrapped.length)
        this.error(`message-parts: no import() of ${unwrapped.join(', ')} waits for the messages`)
      for (const [name, code] of written.files) {
        this.emitFile({ type: 'asset', fileName: `${assetsDir}/${name}`, source: code })
      }
      // For the preload script and the e2e tests,
      // beside Vite's manifest: each page's part (by number), where the parts are, the roots
      // that wait.
      const relativeId = (id: string) => relative(root, id)
      this.emitFile({
        type: 'asset',
        fileName: MESSAGE_PARTS_FILE,
        source: `${JSON.stringify(
          {
            partFile: `${assetsDir}/${written.pattern}`,
            parts: plan.current.parts.map((part) => ({
              root: relativeId(part.root),
              path: part.path,
              messages: part.keys.size,
            })),
            covering: Object.fromEntries(
              [...plan.current.covering]
                .map(([id, parts]) => [relativeId(id), parts] as const)
                .sort(([a], [b]) => a.localeCompare(b)),
            ),
          },
          null,
          2,
        )}\n`,
      })
    },
    async transform(code, id) {
      if (!plan.current || !written) return
      if (CATALOGUE.test(id)) {
        if (!PART_FILE.test(code) || !code.includes(PART_PATHS))
          throw new Error('message-parts: the catalogue has no tables for the parts')
        return code
          .replace(PART_FILE, `const partFile = ${JSON.stringify(written.pattern)}`)
          .replace(
            PART_PATHS,
            `const partPaths = ${JSON.stringify(plan.current.parts.map((part) => part.path))}`,
          )
      }
      if (!plan.current.covering.size || !code.includes('import(')) return
      await init
      const [imports] = parse(code, id)
      const source = new MagicString(code)
      for (const { d, n, ss, se } of imports) {
        // A dynamic import of a string (d > -1: `import(` starts at ss, its `)` ends at se).
        if (d < 0 || n === undefined || se <= ss) continue
        const resolved = await this.resolve(n, id)
        const parts = resolved && plan.current.covering.get(resolved.id)
        if (!parts) continue
        wrapped.add(resolved!.id)
        source.appendLeft(ss, `__withMessages(${JSON.stringify(parts)}, `).prependRight(se, ')')
      }
      if (!source.hasChanged()) return
      source.prepend(
        `import { withMessages as __withMessages } from '~generated/paraglide/catalogue';\n`,
      )
      return { code: source.toString(), map: source.generateMap({ hires: true }) }
    },
  }
}
