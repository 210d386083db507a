// One Lighthouse run of a page as the bench makes it (bench/run.ts, bench/ab.ts): a fresh
// Chromium with the bench's flags, Lighthouse's mobile preset, performance only; for a repeat
// visit, a first visit in the same browser before it. With the run's trace, what Lantern made
// of each task and its TBT of thread time.
import lighthouse from 'lighthouse'
import type { Result as LighthouseResult } from 'lighthouse'
import { chromium } from '@playwright/test'
import { launchLighthouseChrome } from './serve'
import {
  forgetSimulations,
  lanternAttribution,
  tbtOfThreadTime,
  type Attribution,
  type TraceEvent,
} from './lantern-attribution'

/** How long a first visit is given to install the service worker and precache the app. */
const WARM_UP_MS = 30_000

/**
 * The first visit before a measured repeat visit, in the same browser (Playwright over CDP):
 * waits until the service worker is active (installed: precache complete), and
 * leaves the browser's HTTP cache and Cache Storage as a player's phone would keep them.
 */
async function firstVisit(port: number, url: string, cookie?: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext())
    const page = await context.newPage()
    if (cookie) await page.setExtraHTTPHeaders({ Cookie: cookie })
    await page.goto(url, { waitUntil: 'load' })
    // Registration waits for load and an idle moment; `ready` is an active worker, which
    // has precached everything (the first page itself is not controlled: no clients.claim).
    const active = await page.evaluate(
      (timeout) =>
        Promise.race([
          navigator.serviceWorker.ready.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeout)),
        ]),
      WARM_UP_MS,
    )
    await page.waitForTimeout(1_000)
    await page.close()
    // Without a worker the row would measure an HTTP-cache visit only: say so, do not hide it.
    if (!active) console.warn(`\n${url}: no service worker after the first visit`)
  } finally {
    await browser.close()
  }
}

/** A run: Lighthouse's result, its trace's events and what Lantern made of each task. */
export type LighthouseRun = {
  lhr: LighthouseResult
  traceEvents: TraceEvent[]
  attribution: Attribution
  /**
   * The TBT had every task lasted only as long as the main thread ran in it (about:
   * bench/lantern-attribution.ts). On this shared machine a first load's long tasks ran for a
   * third to a half of their length, and Lantern multiplies the length: this is the figure
   * with the waiting and the descheduling left out (decision 009).
   */
  threadTimeTbtMs: number
}

export type RunOptions = {
  /** The session, as a Cookie header (pages under /player/). */
  cookie?: string
  /** A repeat visit: the page loaded once in the same browser first, storage kept. */
  repeat?: boolean
  /** Trace categories beside Lighthouse's (e.g. the CPU sampler's, to read a trace by function). */
  traceCategories?: string
  /** URL patterns the browser fails instead of loading (`*` any text; `bench:ab --block-b`). */
  blockedUrlPatterns?: string[]
}

/** One Lighthouse run of `url`, in a Chromium of its own. */
export async function lighthouseRun(
  url: string,
  { cookie, repeat = false, traceCategories, blockedUrlPatterns }: RunOptions = {},
): Promise<LighthouseRun> {
  // A fresh browser per run: nothing cached or compiled from the run before. A repeat visit
  // loads the page once in it first (the service worker installs and precaches), then
  // measures with Lighthouse's storage reset off, as a player's second visit of the day.
  const chrome = await launchLighthouseChrome()
  const options = {
    port: chrome.port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance'],
    ...(traceCategories ? { additionalTraceCategories: traceCategories } : {}),
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    ...(blockedUrlPatterns?.length ? { blockedUrlPatterns } : {}),
  }
  try {
    if (repeat) await firstVisit(chrome.port, url, cookie)
    forgetSimulations()
    const result = await lighthouse(url, { ...options, disableStorageReset: repeat })
    if (!result) throw new Error(`lighthouse gave no result for ${url}`)
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`)
    const { traceEvents } = (
      result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }
    ).Trace
    const attribution = lanternAttribution()
    return {
      lhr: result.lhr,
      traceEvents,
      attribution,
      threadTimeTbtMs: tbtOfThreadTime(attribution, traceEvents),
    }
  } finally {
    chrome.kill()
  }
}
