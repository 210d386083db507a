// The preload script: a classic script the HTML loads beside the app's entry (no inline
// script: the CSP allows `script-src 'self'` only). It reads the path and the stored language
// and, before the entry has run and the router has matched the URL, asks for what the page
// will ask for one round trip later: the page's chunks and the messages of the player's
// language (`<link rel="modulepreload">`; on a first load the page's own part of the
// messages), the web fonts of the language's first screen (`<link rel="preload">`), and the
// page's first calls, which the app takes as its own (./lib/api/first-calls.ts).
//
// The build writes one script per page kind, each this module bundled as an IIFE with its
// data in place (config/preload-first-page.ts): `preloadShell` where the HTML is index.html's
// shell and the entry is in it, `preloadPrerendered` where the HTML is the page itself
// (config/prerender-pages.ts): there the app starts only once that HTML has painted.
import { FIRST_CALLS_GLOBAL, type StartedCall } from './lib/api/first-calls'

/**
 * Starts a first call: `url` is its address, `call` that address as `PreloadData` writes it
 * (`{locale}` unresolved). The e2e build's script passes one that sends the mock choices
 * (src/dev/mock-headers.ts); a production script has only `startCall`.
 */
export type StartCall = (url: string, call: string) => StartedCall

const startCall: StartCall = (url) => fetch(url, { credentials: 'include' })

/** A page as the script knows it: its path's pattern, chunks, part of the messages, calls. */
export type PreloadPage = [
  pattern: string,
  /** Numbers in `PreloadData.chunks`. */
  chunks: number[],
  /** Its part of the messages (config/message-parts.ts), -1 where it has none. */
  part: number,
  /** Numbers in `PreloadData.calls`: its own first calls, beside `everyCall`. */
  calls: number[],
]

/**
 * What the build found (config/preload-first-page.ts); every file is relative to the root. A
 * tuple, not an object: its JSON is written into every first load's script, where property
 * names would be bytes on every page and the minifier cannot shorten them.
 */
export type PreloadData = [
  /** Every page's chunks, each named once (pages share most of theirs). */
  chunks: string[],
  /** Every page's own first calls' addresses, each once; `{locale}` is the player's language. */
  calls: string[],
  /** The addresses of the calls every first load makes. */
  everyCall: string[],
  /** The pages, a static path before a pattern that would also match it. */
  pages: PreloadPage[],
  /** Each language's whole messages. */
  catalogue: Record<string, string>,
  /** The pages' parts of the messages: `{locale}` and `{part}` stand for a language and a number ('' for none). */
  partFile: string,
  /** The web fonts of each language's first screen. */
  fonts: Record<string, string[]>,
  /** More fonts under a path prefix, by language (the player pages' currency signs). */
  pathFonts: [prefix: string, byLocale: Record<string, string[]>][],
  /** Chunks every page asks for at start (the response check). */
  atStart: string[],
  /** paraglide's localStorage key and base language: the language is resolved as paraglide does. */
  localStorageKey: string,
  baseLocale: string,
]

/**
 * How many of a page's first calls start in the script's own task (every page's two, then the
 * page's first two); the rest one a task. In one run the script's one-a-task turns were
 * spread over 342-851 ms by the entry's evaluation between them (decision 009).
 */
const CALLS_AT_ONCE = 4

/** The first few at once; later turns wait behind the entry's evaluation. */
const firstFew = (_call: string, n: number) => n < CALLS_AT_ONCE

type Job = () => void

/**
 * The jobs the script spreads over tasks. The page's calls and modules go one a task: the
 * browser starts each request as the call is made or the element goes in (0.5-5 ms each at
 * full speed, 4x that on a phone), and a dozen in one task was a long task of its own.
 */
function taskQueue() {
  const queue: Job[] = []
  let busy = false
  const channel = 'MessageChannel' in window ? new MessageChannel() : undefined
  const next = () => {
    if (channel) channel.port2.postMessage(null)
    else setTimeout(turn, 0)
  }
  const turn = () => {
    const job = queue.shift()
    if (!job) {
      busy = false
      return
    }
    job()
    next()
  }
  if (channel) channel.port1.onmessage = turn
  /** A job in the queue's next turn (now when the queue is idle, not inside a turn), or in a task of its own after this one. */
  const push =
    (now: boolean) =>
    (job: Job): void => {
      queue.push(job)
      if (busy) return
      busy = true
      if (now) turn()
      else next()
    }
  // A tuple, not an object: property names stay in the minified script.
  return [push(true), push(false)] as const
}

/** The script's work on this page: what it found and the jobs it spreads over tasks. */
function preloader(data: PreloadData, start: StartCall) {
  const [
    chunks,
    calls,
    everyCall,
    pages,
    catalogue,
    partFile,
    fonts,
    pathFonts,
    atStart,
    localStorageKey,
    baseLocale,
  ] = data
  const [later, after] = taskQueue()
  // The fonts go in at once: a font preload that comes after the first layout has asked for
  // the same file is a second download of it.
  const insert = (element: HTMLElement) => later(() => document.head.appendChild(element))
  const link = (rel: 'modulepreload' | 'preload', href: string) => {
    const element = document.createElement('link')
    element.rel = rel
    element.crossOrigin = ''
    element.href = `/${href}`
    if (rel === 'preload') {
      element.as = 'font'
      element.type = 'font/woff2'
      document.head.appendChild(element)
    } else insert(element)
  }

  // The page, by its path: its chunks, its part of the messages and its first calls.
  const files = atStart.slice()
  let part = -1
  const pageCalls = everyCall.slice()
  const page = pages.find(([pattern]) => new RegExp(pattern).test(location.pathname))
  if (page) {
    part = page[2]
    for (const chunk of page[1]) files.push(chunks[chunk]!)
    for (const call of page[3]) pageCalls.push(calls[call]!)
  }
  const controlled = navigator.serviceWorker?.controller

  let locale = baseLocale
  /**
   * The stored language. The first read of localStorage in a page is two synchronous calls to
   * the browser (may this page use storage, then the origin's whole store), 13 ms together in
   * a quiet first load at full speed, longer while the browser is busy with the load; only
   * the fonts, the messages and the calls with `{locale}` need it.
   */
  const readLocale = () => {
    let stored: string | null = null
    try {
      stored = localStorage.getItem(localStorageKey)
    } catch {
      // Storage refused (a privacy setting): the base language, as paraglide falls back.
    }
    if (stored && catalogue[stored]) locale = stored
    return locale
  }

  /**
   * The language's fonts, and its messages before the page's chunks: all of them, or the
   * page's part on a first load (the service worker, once it answers, has them all).
   */
  const language = () => {
    readLocale()
    let fontsHere = fonts[locale] ?? []
    for (const [prefix, byLocale] of pathFonts) {
      if (location.pathname.startsWith(prefix)) fontsHere = fontsHere.concat(byLocale[locale] ?? [])
    }
    for (const font of fontsHere) link('preload', font)
    files.unshift(
      partFile && !controlled && part >= 0
        ? partFile.replace('{locale}', locale).replace('{part}', String(part))
        : catalogue[locale]!,
    )
    return locale
  }

  /**
   * The page's first calls, for the app to take as its own (./lib/api/first-calls.ts): they
   * no longer wait for the entry to run and the router to match. Each goes in one shared
   * object by address; one the app has already asked for itself (its address is there,
   * claimed) is not started, and none once the app has let the name go (null: it has started
   * without them, or no longer wants them). `startNow` says which may start in this task; the
   * rest go one a turn.
   */
  const startCalls = (startNow: (call: string, n: number) => boolean) => {
    const scope = window as unknown as Record<string, unknown>
    if (scope[FIRST_CALLS_GLOBAL] !== undefined || !('fetch' in window)) return
    const started: Record<string, StartedCall | null> = {}
    scope[FIRST_CALLS_GLOBAL] = started
    pageCalls.forEach((call, n) => {
      const job = () => {
        const url = call.replace('{locale}', encodeURIComponent(locale))
        if (scope[FIRST_CALLS_GLOBAL] !== started || url in started) return
        const answer = start(url, call)
        started[url] = answer
        // Handled here too: a call the app never takes fails quietly.
        answer.catch(() => {})
      }
      if (startNow(call, n)) job()
      else later(job)
    })
  }
  const preloadModules = () => {
    for (const file of files) link('modulepreload', file)
  }
  // A tuple, not an object: property names stay in the minified script.
  return [language, startCalls, preloadModules, insert, after] as const
}

/**
 * index.html's script (and each one-path page's copy of it): the HTML is a shell and the app is
 * in it. The first calls that need no language start now; the language in a task of its own
 * (its first read of localStorage waits for the browser: in this task, that wait made the
 * script's task a long one); then the rest of the calls and the modules one a turn.
 */
export function preloadShell(data: PreloadData, callStarter = startCall) {
  const [language, startCalls, preloadModules, , after] = preloader(data, callStarter)
  after(() => {
    language()
    preloadModules()
  })
  startCalls((call, n) => firstFew(call, n) && !call.includes('{locale}'))
}

/**
 * A prerendered page's script: its HTML paints first. The language now (it decides which
 * words show), the calls and the app once the HTML has painted, so that on a slow link the
 * HTML's stylesheet and fonts do not share it with the entry's script, and evaluating the
 * entry does not hold that paint back.
 */
export function preloadPrerendered(
  data: PreloadData,
  afterPaint: string[],
  entry: string,
  callStarter = startCall,
) {
  const [language, startCalls, preloadModules, insert] = preloader(data, callStarter)
  const baseLocale = data[10]
  // A page prerendered in the base language keeps its boxes but not its words for a player
  // of another one (src/styles.css).
  if (language() !== baseLocale) {
    document.documentElement.setAttribute('data-prerender-hidden', '')
  }
  const isPrerendered = afterPaint.includes(location.pathname)
  const start = () => {
    startCalls(firstFew)
    if (isPrerendered) {
      // This HTML has no entry script (config/prerender-pages.ts). Should it have one after
      // all (a host that serves index.html here), the module runs once all the same.
      // First: the largest file, whose own imports are asked for once it is in.
      const script = document.createElement('script')
      script.type = 'module'
      script.crossOrigin = ''
      script.src = `/${entry}`
      insert(script)
    }
    preloadModules()
  }
  if (isPrerendered) afterFirstPaint(start)
  else start()
}

/**
 * Runs `start` once the browser has painted the HTML (its first contentful paint), or at once
 * where it cannot tell (no paint entries) or will not paint soon (a hidden tab). The first
 * load benchmark's painted pages start their app the same way (bench/floor).
 */
export function afterFirstPaint(start: () => void) {
  let started = false
  const once = () => {
    if (started) return
    started = true
    start()
  }
  const paintTypes = window.PerformanceObserver?.supportedEntryTypes ?? []
  if (document.visibilityState === 'hidden' || !paintTypes.includes('paint')) {
    once()
    return
  }
  new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) once()
  }).observe({ type: 'paint', buffered: true })
  // A tab sent to the background before its first paint paints nothing until it is shown.
  document.addEventListener('visibilitychange', once)
  setTimeout(once, 3000)
}
