// One Lighthouse run of a page as the bench makes it (bench/run.ts, bench/ab.ts): a fresh
// Chromium with the bench's flags, Lighthouse's mobile preset, performance only; for a repeat
// visit, a first visit in the same browser before it.
import lighthouse from 'lighthouse'
import type { Result as LighthouseResult } from 'lighthouse'
import { chromium } from '@playwright/test'
import { launchLighthouseChrome } from './serve'

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

export type RunOptions = {
  /** The session, as a Cookie header (pages under /player/). */
  cookie?: string
  /** A repeat visit: the page loaded once in the same browser first, storage kept. */
  repeat?: boolean
  /** URL patterns the browser fails instead of loading (`*` any text; `bench:ab --block-b`). */
  blockedUrlPatterns?: string[]
}

/** One Lighthouse run of `url`, in a Chromium of its own. */
export async function lighthouseRun(
  url: string,
  { cookie, repeat = false, blockedUrlPatterns }: RunOptions = {},
): Promise<LighthouseResult> {
  // A fresh browser per run: nothing cached or compiled from the run before. A repeat visit
  // loads the page once in it first (the service worker installs and precaches), then
  // measures with Lighthouse's storage reset off, as a player's second visit of the day.
  const chrome = await launchLighthouseChrome()
  const options = {
    port: chrome.port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    ...(blockedUrlPatterns?.length ? { blockedUrlPatterns } : {}),
  }
  try {
    if (repeat) await firstVisit(chrome.port, url, cookie)
    const result = await lighthouse(url, { ...options, disableStorageReset: repeat })
    if (!result) throw new Error(`lighthouse gave no result for ${url}`)
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`)
    return result.lhr
  } finally {
    chrome.kill()
  }
}
