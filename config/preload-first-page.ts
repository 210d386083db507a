import { createHash } from 'node:crypto'
import { relative } from 'node:path'
import {
  EVERY_PAGE,
  FIRST_CALLS_GLOBAL,
  firstCallUrl,
  pageCallUrls,
  routePages,
} from './first-calls.ts'
import { byPathOrder } from './message-parts.ts'
import type { OutputBundle, OutputChunk } from 'rolldown'
import { minifySync, type Plugin } from 'vite'

/**
 * One round trip to the page. The entry chunk learns which page it shows only when
 * it has run and the router has matched the URL; the page's chunks and the messages of the
 * player's language would then be fetched in a second and third round trip. This build step
 * writes a tiny classic script (no inline script: the CSP allows `script-src 'self'` only)
 * that index.html loads `async` beside the entry: it reads the path and the stored language
 * and adds a `<link rel="modulepreload">` for that page's chunks (the route files' split
 * components and what they import) and for the language's messages (on a first load that
 * page's part of them, else all: config/message-parts.ts), so they load
 * in parallel with the entry, and a `<link rel="preload">` for the web fonts the language's
 * first screen uses, so the first layout finds them on their way instead of asking for them
 * glyph by glyph (a prerendered page, drawn in the base language, has that language's font
 * preloads in its HTML instead, so they start with the stylesheet: `withOwnScript`). For a
 * player whose stored language is not the base one, it also
 * marks <html> so that a page prerendered in the base language (config/prerender-pages.ts)
 * shows its boxes without their words until the app draws them in the player's language.
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
 * The one path a route file answers, or undefined where it has a parameter:
 * `player/deposit/index.tsx` -> `/player/deposit`, `_public/login.tsx` -> `/login`.
 */
export function staticPath(routeFile: string): string | undefined {
  const segments = routeSegments(routeFile)
  if (segments.some((segment) => segment.startsWith('$'))) return undefined
  return `/${segments.join('/')}`
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
    generateBundle(_, bundle: OutputBundle) {
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
        for (const { file, params } of routePages(routeFile)) {
          const page: Page = [routePattern(file), pageFiles, part, pageCallUrls(routeFile, params)]
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
        ([prefix, byLocale]) =>
          [
            prefix,
            Object.fromEntries(
              Object.entries(byLocale).map(([locale, names]) => [locale, names!.map(fontFile)]),
            ),
          ] as const,
      )
      // Minified as the build's own scripts are (2.5 -> 1.9 KB gz on every first load).
      const emitScript = (
        files: Parameters<typeof preloadScript>[0],
        scriptOptions: Options,
        name = 'preload',
      ) => {
        const minified = minifySync('preload.js', preloadScript(files, scriptOptions))
        if (minified.errors.length)
          throw new Error(`preload-first-page: ${minified.errors.map((e) => e.message).join('; ')}`)
        const source = minified.code
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8)
        const fileName = `assets/${name}-${hash}.js`
        this.emitFile({ type: 'asset', fileName, source })
        return fileName
      }
      const shared = {
        catalogue,
        start,
        everyCall: EVERY_PAGE.map(firstCallUrl),
        partFile: partFile() ?? '',
        fontFiles,
        entry: entry.fileName,
      }
      const scriptFile = emitScript(
        { ...shared, pages, pathFontFiles },
        // index.html: its entry is in the HTML, its shell is not the page (a host that serves
        // it for a prerendered page's path gets that page without the early paint).
        { ...options, afterPaint: [] },
      )
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
        const own = emitScript(
          {
            ...shared,
            fontFiles: { ...fontFiles, [baseLocale]: [] },
            pages: [page],
            pathFontFiles: ownPathFonts.map(
              ([prefix, byLocale]) => [prefix, { ...byLocale, [baseLocale]: [] }] as const,
            ),
          },
          { ...options, afterPaint: [path] },
        )
        pageScripts.set(path, own)
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
        const own = emitScript(
          {
            ...shared,
            start: [],
            pages: [[pattern, [], part, pageCalls]],
            pathFontFiles: pathFontFiles.filter(([prefix]) => path.startsWith(prefix)),
          },
          { ...options, afterPaint: [] },
          'page-preload',
        )
        const modules = [...start, ...pageFiles].map(modulePreloadTag).join('')
        this.emitFile({
          type: 'asset',
          fileName: pageShellFile(path),
          source: indexHtml
            .replace(scriptTag(scriptFile), scriptTag(own))
            .replace(ENTRY_SCRIPT, (tag) => `${tag}${modules}`),
        })
      }
    },
  }
}

/**
 * A page as the preload script knows it: its path's pattern, its chunks, the number of its part
 * of the messages (-1: none) and the addresses of its own first calls beside every page's
 * (config/first-calls.ts).
 */
/**
 * How many of a page's first calls the script starts in its own task (every page's two, then
 * the page's first two); the rest one a task. In one run the script's one-a-task turns were
 * spread over 342-851 ms by the entry's evaluation between them (decision 009).
 */
const CALLS_AT_ONCE = 4

export type Page = [pattern: string, chunks: string[], part: number, calls: string[]]

export function preloadScript(
  files: {
    pages: Page[]
    catalogue: Record<string, string>
    /** The pages' parts of the messages: `{locale}` and `{part}` stand for a language and a number. */
    partFile: string
    fontFiles: Record<string, string[]>
    pathFontFiles: (readonly [string, Record<string, string[]>])[]
    entry: string
    /** Chunks every page asks for at start (`atStart`). */
    start: string[]
    /** The addresses of the calls every first load makes (config/first-calls.ts). */
    everyCall: string[]
  },
  { localStorageKey, baseLocale, afterPaint }: Options,
): string {
  const { pages, catalogue, partFile, fontFiles, pathFontFiles, entry, start, everyCall } = files
  // Only a page whose HTML is the page waits for its paint (and starts the entry itself):
  // index.html has its entry script and a shell that is not the page, so its script does neither.
  const waitsForPaint = afterPaint.length > 0
  // Each chunk named once, the pages by number: 19 pages share 38 chunks in 137 places
  // (2.4 -> 1.5 KB gz, on every page's first load).
  const chunks = [...new Set(pages.flatMap(([, pageFiles]) => pageFiles))]
  // The calls too: every page shares the first two.
  const calls = [...new Set(pages.flatMap(([, , , pageCalls]) => pageCalls))]
  const numbered = pages.map(([pattern, pageFiles, part, pageCalls]) => [
    pattern,
    pageFiles.map((file) => chunks.indexOf(file)),
    part,
    pageCalls.map((call) => calls.indexOf(call)),
  ])
  return `// Written by config/preload-first-page.ts at build: preloads the fonts, the page's chunks and the messages of the player's language, and starts the page's first calls; on a page whose HTML is the page, starts the app once that HTML has painted.
(function () {
  var chunks = ${JSON.stringify(chunks)};
  var calls = ${JSON.stringify(calls)};
  var everyCall = ${JSON.stringify(everyCall)};
  var pages = ${JSON.stringify(numbered)};
  var catalogue = ${JSON.stringify(catalogue)};
  var partFile = ${JSON.stringify(partFile)};
  var fonts = ${JSON.stringify(fontFiles)};
  var pathFonts = ${JSON.stringify(pathFontFiles)};
${waitsForPaint ? `  var afterPaint = ${JSON.stringify(afterPaint)};\n  var entry = ${JSON.stringify(entry)};\n` : ''}  var atStart = ${JSON.stringify(start)};
  var locale;
  // The stored language. The first read of localStorage in a page is two synchronous calls to
  // the browser (may this page use storage, then the origin's whole store), 13 ms together in
  // a quiet first load at full speed, longer while the browser is busy with the load; only the
  // fonts, the messages and the calls with \`{locale}\` need it.
  function readLocale() {
    try { locale = localStorage.getItem(${JSON.stringify(localStorageKey)}); } catch (e) {}
    if (!catalogue[locale]) locale = ${JSON.stringify(baseLocale)};
${
  waitsForPaint
    ? `    // A page prerendered in the base language keeps its boxes but not its words for a player of another one (src/styles.css).
    if (locale !== ${JSON.stringify(baseLocale)}) document.documentElement.setAttribute('data-prerender-hidden', '');
`
    : ''
}  }
  // The page's calls and modules one a task: the browser starts each request as the call is
  // made or the element goes in (0.5-5 ms each at full speed, 4x that on a phone), and a dozen
  // in one task was a long task of its own. The fonts go in at once: a font preload that comes
  // after the first layout has asked for the same file is a second download of it.
  var queue = [];
  var busy = false;
  var channel = window.MessageChannel && new MessageChannel();
  function next() {
    if (channel) channel.port2.postMessage(null);
    else setTimeout(turn, 0);
  }
  function turn() {
    var job = queue.shift();
    if (!job) { busy = false; return; }
    job();
    next();
  }
  if (channel) channel.port1.onmessage = turn;
  // A job in the queue's next turn, or now when the queue is idle (not inside a turn).
  function later(job) {
    queue.push(job);
    if (!busy) { busy = true; turn(); }
  }
  // A job in a task of its own, after this one.
  function after(job) {
    queue.push(job);
    if (!busy) { busy = true; next(); }
  }
  function run(job) {
    job();
  }
  function insert(element) {
    later(function () { document.head.appendChild(element); });
  }
  function link(rel, href, as) {
    var element = document.createElement('link');
    element.rel = rel;
    if (as) { element.as = as; element.type = 'font/woff2'; }
    element.crossOrigin = '';
    element.href = '/' + href;
    if (as) document.head.appendChild(element);
    else insert(element);
  }
  // The page, by its path: its chunks, its part of the messages and its first calls.
  var files = atStart.slice();
  var part = -1;
  var pageCalls = everyCall.slice();
  var controlled = navigator.serviceWorker && navigator.serviceWorker.controller;
  for (var i = 0; i < pages.length; i++) {
    if (new RegExp(pages[i][0]).test(location.pathname)) {
      part = pages[i][2];
      for (var c = 0; c < pages[i][1].length; c++) files.push(chunks[pages[i][1][c]]);
      for (var q = 0; q < pages[i][3].length; q++) pageCalls.push(calls[pages[i][3][q]]);
      break;
    }
  }
  // The language's fonts, and its messages before the page's chunks: all of them, or the
  // page's part on a first load (the service worker, once it answers, has them all).
  function language() {
    readLocale();
    var fontsHere = fonts[locale];
    for (var f = 0; f < pathFonts.length; f++) {
      if (location.pathname.indexOf(pathFonts[f][0]) === 0) fontsHere = fontsHere.concat(pathFonts[f][1][locale] || []);
    }
    for (var k = 0; k < fontsHere.length; k++) link('preload', fontsHere[k], 'font');
    files.unshift(partFile && !controlled && part >= 0 ? partFile.replace('{locale}', locale).replace('{part}', part) : catalogue[locale]);
  }
  // The page's first calls (config/first-calls.ts), for the app to take as its own
  // (src/lib/api/first-calls.ts): they no longer wait for the entry to run and the router to
  // match. Each goes in one shared object by address; one the app has already asked for
  // itself (its address is there, claimed) is not started, and none once the app has let the
  // name go (null: it has started without them, or no longer wants them). \`startNow\` says
  // which may start in this task; the rest go one a turn.
  function startCalls(startNow) {
    if (window.${FIRST_CALLS_GLOBAL} !== undefined || !window.fetch) return;
    var started = {};
    window.${FIRST_CALLS_GLOBAL} = started;
    pageCalls.forEach(function (call, n) {
      (startNow(call, n) ? run : later)(function () {
        var url = call.replace('{locale}', encodeURIComponent(locale));
        if (window.${FIRST_CALLS_GLOBAL} !== started || url in started) return;
        started[url] = fetch(url, { credentials: 'include' });
        // Handled here too: a call the app never takes fails quietly.
        started[url].catch(function () {});
      });
    });
  }
  // The first few at once: every page's two and the two that decide the page's largest
  // paint. Later turns wait behind the entry's evaluation.
  function firstFew(call, n) {
    return n < ${CALLS_AT_ONCE};
  }
  function preloadModules() {
    for (var j = 0; j < files.length; j++) link('modulepreload', files[j]);
  }
${
  waitsForPaint
    ? `  // This page's HTML paints first: the language now (it decides which words show), the
  // calls and the app once the HTML has painted.
  language();
  var started = false;
  function start() {
    if (started) return;
    started = true;
    startCalls(firstFew);
    if (afterPaint.indexOf(location.pathname) >= 0) {
      // The HTML of this page has no entry script (config/prerender-pages.ts). Should it have one
      // after all (a host that serves index.html here), the module runs once all the same.
      // First: the largest file, whose own imports are asked for once it is in.
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = '/' + entry;
      insert(script);
    }
    preloadModules();
  }
  var paintTypes = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (afterPaint.indexOf(location.pathname) < 0 || document.visibilityState === 'hidden' || paintTypes.indexOf('paint') < 0) {
    start();
  } else {
    new PerformanceObserver(function (list) {
      var entries = list.getEntries();
      for (var p = 0; p < entries.length; p++) if (entries[p].name === 'first-contentful-paint') start();
    }).observe({ type: 'paint', buffered: true });
    // A tab sent to the background before its first paint paints nothing until it is shown.
    document.addEventListener('visibilitychange', start);
    setTimeout(start, 3000);
  }
`
    : `  // This page's HTML is a shell and the app is in it: the first calls that need no language
  // now; the language in a task of its own (its first read of localStorage waits for the
  // browser: in this task, that wait made the script's task a long one); then the rest of the
  // calls and the modules one a turn.
  after(function () {
    language();
    preloadModules();
  });
  startCalls(function (call, n) {
    return firstFew(call, n) && call.indexOf('{locale}') < 0;
  });
`
}})();
`
}
