import { createHash } from 'node:crypto'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rolldown, type OutputBundle, type OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'
import type { PreloadData, PreloadPage } from '../src/preload.ts'
import { everyPageUrls, operationOfCall, routePages } from './first-calls.ts'
import { byPathOrder, partFileName } from './message-parts.ts'

/**
 * One round trip to the page. The entry chunk learns which page it shows only when
 * it has run and the router has matched the URL; the page's chunks and the messages of the
 * player's language would then be fetched in a second and third round trip. This build step
 * writes the preload script (src/preload.ts, bundled with what this step found: each page's
 * chunks, the route files' split components and what they import; the messages' files,
 * config/message-parts.ts; the fonts; the first calls, config/first-calls.ts), which index.html
 * loads `async` beside the entry, so that the page's chunks, messages and fonts load in
 * parallel with the entry and the first layout finds the fonts on their way instead of asking
 * for them glyph by glyph (a prerendered page, drawn in the base language, has that
 * language's font preloads in its HTML instead, so they start with the stylesheet:
 * `withOwnScript`). For a player whose stored language is not the base one, a prerendered
 * page's script also marks <html> so that the page (config/prerender-pages.ts) shows its
 * boxes without their words until the app draws them in the player's language.
 *
 * Paint first where the HTML is the page (`afterPaint`: the prerendered pages, whose HTML has
 * no entry script). There the script asks for the fonts at once but starts the entry and the
 * page's chunks only once the browser has painted the HTML (its first contentful paint), so on
 * a slow link the HTML's stylesheet and fonts do not share it with 200 KB of script the first
 * paint does not need, and evaluating the entry does not hold that paint back. Elsewhere the
 * HTML is only a shell and the app is the page: its entry script is in the HTML and everything
 * starts at once.
 */

/** Vite's tag for the app's entry in index.html (config/prerender-pages.ts removes it too). */
export const ENTRY_SCRIPT = /<script type="module"[^>]*><\/script>/

/**
 * Written beside Vite's manifest: the scripts a first load of each page with a path of its
 * own asks for before it is usable, in the base language (its preload script, the entry and
 * what it imports, what starts with it, the page's chunks, its messages), as `npm run bench`
 * counts them. `npm run size` weighs them against the floor app's (scripts/bundle-size.ts).
 */
export const FIRST_LOADS_FILE = '.vite/first-loads.json'

const ROUTES_DIR = 'src/routes/'
const LOCALES_DIR = 'generated/paraglide/locales/'

type Options = {
  /** paraglide's localStorage key and locales: the script resolves the language as paraglide does. */
  localStorageKey: string
  locales: readonly string[]
  baseLocale: string
  /**
   * The web font files (their names before the hash) a first screen's texts use: `all` in
   * every language, and each language's own script's.
   */
  fonts: { all: readonly string[] } & Partial<Record<string, readonly string[]>>
  /**
   * More font files for the paths under a prefix, by language: what their texts add to the
   * language's own (the currency signs of the player pages' amounts).
   */
  pathFonts?: Record<string, Partial<Record<string, readonly string[]>>>
  /** Paths whose HTML is the page (prerendered, without the entry script): start after paint. */
  afterPaint: readonly string[]
  /**
   * The paths (patterns) of the pages with a part of the messages of their own
   * (config/message-parts.ts), in the parts' order: a first load of such a page preloads its
   * part, every other load all the language's messages. Asked at the end of the build, once
   * the plan is known.
   */
  partPaths?: () => readonly string[]
  /** Where the build wrote the parts (config/message-parts.ts), asked at the end of the build. */
  partFile?: () => string | undefined
  /**
   * Modules the entry imports lazily as it starts, on every page (the response check): their
   * chunks are preloaded beside it, not asked for once it has run.
   */
  atStart?: RegExp
  /**
   * Each page's own first calls, by its path (config/first-calls.ts, `recordPageCalls`),
   * asked for the pages of the bundle at the end of the build.
   */
  pageCalls: (paths: readonly string[]) => Promise<Record<string, readonly string[] | undefined>>
  /**
   * A build with the mock scenario picker (`vite build --mode e2e`): the script sends each
   * first call with the mock choices the app's client would send (src/dev/mock-headers.ts),
   * so that the app takes its answer under a scenario too. A production build sends none.
   */
  mockHeaders?: boolean
}

/** A route file's path segments: `_public/login.tsx` -> `login`, `player/deposit/index.tsx` -> `player, deposit`. */
const routeSegments = (routeFile: string) =>
  routeFile
    .replace(/\.tsx$/, '')
    .split('/')
    .filter((segment) => !segment.startsWith('_') && segment !== 'index')

/** `_public/login` -> `^/login/?$`; `player/promotion/$promotionId` -> `^/player/promotion/[^/]+/?$`. */
export function routePattern(routeFile: string): string {
  const segments = routeSegments(routeFile).map((segment) =>
    segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'),
  )
  return `^/${segments.join('/')}${segments.length ? '/?' : ''}$`
}

/**
 * A route file's path as the route tree writes it, a parameter as `$name`:
 * `player/deposit/index.tsx` -> `/player/deposit`, `player/promotion/$promotionId.tsx` ->
 * `/player/promotion/$promotionId`.
 */
export const routePath = (routeFile: string) => `/${routeSegments(routeFile).join('/')}`

/**
 * The one path a route file answers, or undefined where it has a parameter:
 * `player/deposit/index.tsx` -> `/player/deposit`, `_public/login.tsx` -> `/login`.
 */
export function staticPath(routeFile: string): string | undefined {
  const path = routePath(routeFile)
  return path.includes('/$') ? undefined : path
}

/**
 * The file a page's own copy of index.html is written to, the path plus `.html` (a host maps
 * `/player/deposit` to `player/deposit.html` as it maps `/login` to `login.html`: docs/deploy.md).
 */
export const pageShellFile = (path: string) => `${path.slice(1)}.html`

/** Layout routes (`route.tsx`) of every folder above a page, outermost first. */
function layoutsOf(routeFile: string, routeFiles: Set<string>): string[] {
  const dirs = routeFile.split('/').slice(0, -1)
  return dirs
    .map((_, i) => `${dirs.slice(0, i + 1).join('/')}/route.tsx`)
    .filter((file) => routeFiles.has(file))
}

export interface PreloadFirstPageApi {
  /**
   * A prerendered page's HTML (one of `afterPaint`, made from index.html) with index.html's
   * preload script swapped for the one written for that page alone, once the build wrote it.
   */
  withOwnScript(path: string, html: string): string
}

/** The tag that loads a preload script. */
const scriptTag = (file: string) => `<script async src="/${file}"></script>`
/**
 * The tag that loads a prerendered page's own preload script: `defer`, so that
 * DOMContentLoaded waits for the stylesheet. That HTML has no other script, and Chromium laid
 * the page out as DOMContentLoaded was dispatched, with no script of ours running (in the
 * trace, the same task): with an `async` script the event came before the stylesheet had
 * arrived, and the whole prerendered page was laid out unstyled, its Lao text in system
 * fallback fonts (70-100 ms at full speed in the trace of a Lighthouse run of /login),
 * then again once the stylesheet was in.
 * The script does nothing the first paint needs, and that paint waits for the stylesheet anyway.
 */
const deferredScriptTag = (file: string) => `<script defer src="/${file}"></script>`
/**
 * The tag that asks for one of the page's modules from the HTML itself: found by the parser
 * before any script runs, with no script turn each, and low like the entry (index.html:
 * the stylesheet, the fonts and the shell's logo go first on a narrow link).
 */
const modulePreloadTag = (file: string) =>
  `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`
/** The tag that asks for a web font before any layout does (fonts are fetched with CORS). */
const fontTag = (file: string) =>
  `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`

export function preloadFirstPage(options: Options): Plugin<PreloadFirstPageApi> {
  const {
    locales,
    fonts,
    pathFonts = {},
    partPaths = () => [],
    partFile = () => undefined,
  } = options
  let root = process.cwd()
  /** index.html's preload script, and the prerendered pages' own, by path. */
  let sharedScript: string | undefined
  const pageScripts = new Map<string, string>()
  /** The base language's fonts of each prerendered page, preloaded by its HTML. */
  const pageFonts = new Map<string, string[]>()
  return {
    name: 'preload-first-page',
    api: {
      withOwnScript(path, html) {
        const own = pageScripts.get(path)
        if (!sharedScript || !own) throw new Error(`preload-first-page: no script for ${path} yet`)
        if (!html.includes(scriptTag(sharedScript)))
          throw new Error(`preload-first-page: no preload script in the HTML of ${path}`)
        // The page is drawn in the base language: its fonts are asked for by the HTML itself,
        // with the stylesheet, not once the async script has run (see `pageFonts` below).
        const fontTags = (pageFonts.get(path) ?? []).map(fontTag).join('')
        return html.replace(scriptTag(sharedScript), `${fontTags}${deferredScriptTag(own)}`)
      },
    } satisfies PreloadFirstPageApi,
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root
    },
    async generateBundle(_, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is OutputChunk => item.type === 'chunk',
      )
      const entry = chunks.find((chunk) => chunk.isEntry)
      if (!entry) return
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
      const inEntry = new Set<string>()
      const collect = (file: string, into: Set<string>) => {
        if (into.has(file)) return
        into.add(file)
        for (const imported of byFile.get(file)?.imports ?? []) collect(imported, into)
      }
      collect(entry.fileName, inEntry)
      const atStart = new Set<string>()
      for (const chunk of chunks) {
        if (options.atStart && chunk.moduleIds.some((id) => options.atStart!.test(id)))
          collect(chunk.fileName, atStart)
      }
      const start = [...atStart].filter((file) => !inEntry.has(file))

      // Route file (relative to src/routes) -> its split component chunk.
      const componentChunk = new Map<string, string>()
      const catalogue: Record<string, string> = {}
      for (const chunk of chunks) {
        const [id, query] = (chunk.facadeModuleId ?? '').split('?')
        const file = relative(root, id ?? '')
        if (file.startsWith(ROUTES_DIR) && query === 'tsr-split=component') {
          componentChunk.set(file.slice(ROUTES_DIR.length), chunk.fileName)
        }
        if (file.startsWith(LOCALES_DIR))
          catalogue[file.slice(LOCALES_DIR.length, -3)] = chunk.fileName
      }
      for (const locale of locales) {
        if (!catalogue[locale])
          throw new Error(`preload-first-page: no catalogue chunk for ${locale}`)
      }
      const routeFiles = new Set(componentChunk.keys())
      const calls = await options.pageCalls(
        [...routeFiles]
          .filter((file) => !file.endsWith('route.tsx'))
          .flatMap((file) => routePages(file).map((page) => routePath(page.file))),
      )
      const pages: Page[] = []
      /** The pages that answer one path, by that path. */
      const staticPages = new Map<string, Page>()
      for (const routeFile of routeFiles) {
        if (routeFile.endsWith('route.tsx')) continue
        const files = new Set<string>()
        for (const file of [...layoutsOf(routeFile, routeFiles), routeFile]) {
          collect(componentChunk.get(file)!, files)
        }
        // What every page asks for at start is asked for once, with the messages.
        const pageFiles = [...files].filter((file) => !inEntry.has(file) && !start.includes(file))
        // Its part of the messages (-1: none, all the language's), by the route's own pattern.
        const part = partPaths().indexOf(routePattern(routeFile))
        // A route with a parameter of known values (ROUTE_PARAMS) is a page per value, each
        // with its own path and calls (`player/game/$provider.tsx`: /player/game/alphabet ...).
        for (const { file } of routePages(routeFile)) {
          const page: Page = [
            routePattern(file),
            pageFiles,
            part,
            [...(calls[routePath(file)] ?? [])],
          ]
          pages.push(page)
          const path = staticPath(file)
          if (path) staticPages.set(path, page)
        }
      }
      // A static path before a pattern that would also match it (/player/promotion/history).
      pages.sort(([a], [b]) => byPathOrder(a, b))
      const fontFile = (name: string) => {
        const file = Object.keys(bundle).find(
          (name_) => name_.startsWith(`assets/${name}-`) && name_.endsWith('.woff2'),
        )
        if (!file) throw new Error(`preload-first-page: no font file ${name}`)
        return file
      }
      const fontFiles = Object.fromEntries(
        locales.map((locale) => [locale, [...fonts.all, ...(fonts[locale] ?? [])].map(fontFile)]),
      )
      const pathFontFiles = Object.entries(pathFonts).map(
        ([prefix, byLocale]): Script['pathFonts'][number] => [
          prefix,
          Object.fromEntries(
            Object.entries(byLocale).map(([locale, names]) => [locale, names!.map(fontFile)]),
          ),
        ],
      )
      const emitScript = async (script: Script, name = 'preload') => {
        const source = await preloadScript(script)
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8)
        const fileName = `assets/${name}-${hash}.js`
        this.emitFile({ type: 'asset', fileName, source })
        return fileName
      }
      /** The scripts of each page's first load in the base language (FIRST_LOADS_FILE). */
      const firstLoads: Record<string, string[]> = {}
      const messagesOf = (part: number) =>
        part >= 0 && partFile()
          ? partFileName(partFile()!, options.baseLocale, part)
          : catalogue[options.baseLocale]!
      const shared = {
        ...(options.mockHeaders && { callOperations: await callOperations(pages) }),
        catalogue,
        atStart: start,
        everyCall: everyPageUrls(),
        partFile: partFile() ?? '',
        fonts: fontFiles,
        localStorageKey: options.localStorageKey,
        baseLocale: options.baseLocale,
      }
      // index.html: its entry is in the HTML, its shell is not the page (a host that serves
      // it for a prerendered page's path gets that page without the early paint).
      const scriptFile = await emitScript({ ...shared, pages, pathFonts: pathFontFiles })
      sharedScript = scriptFile
      // A prerendered page's HTML is that page's only: its script knows that page alone
      // (config/prerender-pages.ts puts it in; 1.9 -> 1.2 KB gz on those first loads).
      // Its HTML is drawn in the base language, so it asks for that language's fonts itself
      // (`withOwnScript`): the first layout of the Lao text then finds them arriving instead of
      // looking for system fallbacks (Chromium on Linux: 60-120 ms a layout at full speed,
      // measured, against 10-30 with the fonts in; decision 009). The script asks for the
      // fonts of any other language only.
      pageScripts.clear()
      pageFonts.clear()
      const { baseLocale } = options
      for (const path of options.afterPaint) {
        const page = pages.find(([pattern]) => new RegExp(pattern).test(path))
        if (!page) throw new Error(`preload-first-page: no page for ${path}`)
        const ownPathFonts = pathFontFiles.filter(([prefix]) => path.startsWith(prefix))
        pageFonts.set(path, [
          ...(fontFiles[baseLocale] ?? []),
          ...ownPathFonts.flatMap(([, byLocale]) => byLocale[baseLocale] ?? []),
        ])
        const own = await emitScript({
          ...shared,
          fonts: { ...fontFiles, [baseLocale]: [] },
          pages: [page],
          pathFonts: ownPathFonts.map(([prefix, byLocale]) => [
            prefix,
            { ...byLocale, [baseLocale]: [] },
          ]),
          afterPaint: [path],
          entry: entry.fileName,
        })
        pageScripts.set(path, own)
        firstLoads[path] = [own, ...inEntry, ...start, ...page[1], messagesOf(page[2])]
      }
      // index.html is already in the bundle (Vite's HTML step runs before post plugins).
      const html = bundle['index.html']
      if (html?.type !== 'asset' || typeof html.source !== 'string') {
        throw new Error('preload-first-page: no index.html in the bundle')
      }
      if (!ENTRY_SCRIPT.test(html.source)) throw new Error('preload-first-page: no entry script')
      // Low: the stylesheet, the fonts and the shell's logo go first on a narrow link; the
      // shell paints without the entry, which the page then needs first of all.
      html.source = html.source.replace(
        ENTRY_SCRIPT,
        (tag) =>
          `${scriptTag(scriptFile)}\n    ${tag.replace(/^<script type="module"/, '$& fetchpriority="low"')}`,
      )
      // Every other page that answers one path gets index.html with its modules in the HTML
      // too: the parser asks for them with the entry, and the preload script, written
      // for that page alone, no longer adds them one a task. On a logged-in page each of those
      // turns cost 0.5-25 ms at full speed, 4x on a phone, before the largest paint (decision
      // 009). The messages, the fonts and the calls depend on the player's language and
      // session, so the script still asks for them.
      const indexHtml = html.source
      for (const [path, page] of staticPages) {
        if (options.afterPaint.includes(path)) continue
        const [pattern, pageFiles, part, pageCalls] = page
        const own = await emitScript(
          {
            ...shared,
            atStart: [],
            pages: [[pattern, [], part, pageCalls]],
            pathFonts: pathFontFiles.filter(([prefix]) => path.startsWith(prefix)),
          },
          'page-preload',
        )
        firstLoads[path] = [own, ...inEntry, ...start, ...pageFiles, messagesOf(part)]
        const modules = [...start, ...pageFiles].map(modulePreloadTag).join('')
        this.emitFile({
          type: 'asset',
          fileName: pageShellFile(path),
          source: indexHtml
            .replace(scriptTag(scriptFile), scriptTag(own))
            .replace(ENTRY_SCRIPT, (tag) => `${tag}${modules}`),
        })
      }
      this.emitFile({
        type: 'asset',
        fileName: FIRST_LOADS_FILE,
        source: `${JSON.stringify(firstLoads, null, 2)}\n`,
      })
    },
  }
}

/**
 * A page as this step finds it: its path's pattern, its chunks, the number of its part of the
 * messages (-1: none) and the addresses of its own first calls beside every page's
 * (config/first-calls.ts).
 */
export type Page = [pattern: string, chunks: string[], part: number, calls: string[]]

/** What a script is written from: its pages with their chunks and calls by name. */
export interface Script {
  pages: Page[]
  catalogue: Record<string, string>
  partFile: string
  fonts: Record<string, string[]>
  pathFonts: PreloadData[7]
  atStart: string[]
  everyCall: string[]
  localStorageKey: string
  baseLocale: string
  /** Where the HTML is the page: the paths drawn in it, and the entry the script starts itself. */
  afterPaint?: string[]
  entry?: string
  /** Each call's operation, where the script sends the mock choices (`Options.mockHeaders`). */
  callOperations?: Record<string, string>
}

/**
 * Each first call's operation, as the mock names it (mock/contract.ts): loaded only by the
 * e2e build, whose script sends the mock choices (`Options.mockHeaders`).
 */
async function callOperations(pages: Page[]): Promise<Record<string, string>> {
  const { loadContract } = await import('../mock/contract.ts')
  const contract = loadContract()
  const calls = [...everyPageUrls(), ...pages.flatMap(([, , , pageCalls]) => pageCalls)]
  return Object.fromEntries(calls.map((call) => [call, operationOfCall(call, contract)]))
}

/** The script's source (src/preload.ts, typed TypeScript, built like the rest). */
const RUNTIME = join(dirname(fileURLToPath(import.meta.url)), '../src/preload.ts')
/** What the e2e build's script sends with its calls (`Script.callOperations`). */
const MOCK_HEADERS = join(dirname(fileURLToPath(import.meta.url)), '../src/dev/mock-headers.ts')
const ENTRY = '\0preload-entry'

/**
 * The data of `script`'s preload script: each chunk and call named once, the pages by number
 * (19 pages share 38 chunks in 137 places: 2.4 -> 1.5 KB gz, on every page's first load).
 */
export function scriptData(script: Script): PreloadData {
  const { pages } = script
  const chunks = [...new Set(pages.flatMap(([, pageFiles]) => pageFiles))]
  const calls = [...new Set(pages.flatMap(([, , , pageCalls]) => pageCalls))]
  return [
    chunks,
    calls,
    script.everyCall,
    pages.map(([pattern, pageFiles, part, pageCalls]): PreloadPage => [
      pattern,
      pageFiles.map((file) => chunks.indexOf(file)),
      part,
      pageCalls.map((call) => calls.indexOf(call)),
    ]),
    script.catalogue,
    script.partFile,
    script.fonts,
    script.pathFonts,
    script.atStart,
    script.localStorageKey,
    script.baseLocale,
  ]
}

/**
 * The preload script for `script`'s pages: src/preload.ts bundled by rolldown as an IIFE that
 * calls `preloadPrerendered` (where `script` names the paths whose HTML is the page) or
 * `preloadShell`, with the data in place, minified as the build's own scripts are.
 */
export async function preloadScript(script: Script) {
  const data = JSON.stringify(scriptData(script))
  const { afterPaint, entry, callOperations } = script
  const withHeaders = callOperations ? ', startWithMockHeaders(operations)' : ''
  const call =
    afterPaint?.length && entry
      ? `preloadPrerendered(${data}, ${JSON.stringify(afterPaint)}, ${JSON.stringify(entry)}${withHeaders})`
      : `preloadShell(${data}${withHeaders})`
  const imports = [
    `import { preloadPrerendered, preloadShell } from ${JSON.stringify(RUNTIME)}`,
    ...(callOperations
      ? [
          `import { startWithMockHeaders } from ${JSON.stringify(MOCK_HEADERS)}`,
          `const operations = ${JSON.stringify(callOperations)}`,
        ]
      : []),
  ]
  const bundle = await rolldown({
    input: ENTRY,
    platform: 'browser',
    logLevel: 'warn',
    transform: { target: 'es2022' },
    plugins: [
      {
        name: 'preload-entry',
        resolveId: (id) => (id === ENTRY ? id : null),
        load: (id) => (id === ENTRY ? `${imports.join('\n')}\n${call}` : null),
      },
    ],
  })
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true })
    return output[0].code
  } finally {
    await bundle.close()
  }
}
