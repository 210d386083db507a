// The installable site (decision 017) on the production preview: Chromium itself
// judges installability (Lighthouse 12 has no PWA category), and the Workbox worker serves the
// app with no network on a repeat visit while never caching the API.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { m } from '../generated/paraglide/messages.js'
import { expect, test } from './support'

test.use({ serviceWorkers: 'allow' })

/**
 * Resolves once the service worker is active: installed, so its precache is complete. (The
 * first page is not controlled by it: the worker never claims open pages, decision 017.)
 */
async function workerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
}

/** Every URL in the worker's caches. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) urls.push(request.url)
    }
    return urls
  })

test('Chromium finds the site installable: no installability errors, the agency manifest', async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  // The manifest is linked only once the page has been quiet for 5 s.
  test.slow()
  // Playwright's contexts are incognito, where Chromium never offers an install
  // (`in-incognito`): a persistent profile is what a player's browser is.
  const profile = await mkdtemp(join(tmpdir(), 'pwa-'))
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    // The HTML does not link the manifest: the app does, once the page has been quiet a while
    // after load, so Chromium's install check (the icon downloaded and decoded by the page) does
    // not run while the app starts (config/pwa.ts, issue 19). Every page's HTML is made from
    // index.html.
    for (const path of ['/', '/login', '/player/deposit']) {
      expect(await (await page.request.get(path)).text()).not.toContain('rel="manifest"')
    }
    await page.goto('/login')
    await expect(page.getByRole('heading', { level: 1, name: m.login_title() })).toBeVisible()
    // Not as the app takes over; once the page has been quiet for 5 s after load
    // (src/lib/service-worker.ts MANIFEST_QUIET_MS).
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(0)
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
      { timeout: 25_000 },
    )
    const cdp = await context.newCDPSession(page)
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
        timeout: 20_000,
      })
      .toEqual([])
    const { url, errors } = await cdp.send('Page.getAppManifest')
    expect(url).toMatch(/\/manifest\.webmanifest$/)
    expect(errors).toEqual([])
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      display: string
      start_url: string
      icons: { sizes: string }[]
    }
    expect(manifest.display).toBe('standalone')
    expect(manifest.start_url).toBe('/player/game/askmebet?tab=Slot')
    expect(manifest.icons.map((icon) => icon.sizes)).toContain('512x512')
  } finally {
    await context.close()
    await rm(profile, { recursive: true, force: true })
  }
})

test('a repeat visit runs the app with no network; the API is never cached', async ({
  page,
  context,
}) => {
  test.slow()
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: m.login_title() })).toBeVisible()
  await workerReady(page)
  await expect
    .poll(() => cachedUrls(page), { timeout: 30_000 })
    .toContainEqual(expect.stringMatching(/\/index\.html(\?|$)/))
  await context.setOffline(true)
  // Without the worker this reload fails (net::ERR_INTERNET_DISCONNECTED). With it, the shell
  // and its scripts come from the cache and the app runs: it says the API is out of reach.
  await page.reload()
  await expect(page.locator('#root')).not.toBeEmpty()
  await context.setOffline(false)
  const urls = await cachedUrls(page)
  expect(urls.some((u) => new URL(u).pathname.startsWith('/assets/'))).toBe(true)
  expect(urls.filter((u) => new URL(u).pathname.startsWith('/api/'))).toEqual([])
})

test('offline, the worker answers each visitor page with its prerender and others with the shell', async ({
  page,
  context,
}) => {
  test.slow()
  await page.goto('/login')
  await workerReady(page)
  await expect
    .poll(() => cachedUrls(page), { timeout: 30_000 })
    .toContainEqual(expect.stringMatching(/\/register\.html(\?|$)/))
  await context.setOffline(true)
  const served = async (path: string) => {
    const response = await page.goto(path, { waitUntil: 'commit' })
    expect(response?.fromServiceWorker(), path).toBe(true)
    const html = (await response?.text()) ?? ''
    const prerendered = /<div id="html-shell" data-prerendered/.test(html)
    return {
      prerendered,
      login: html.includes(`>${m.login_title()}</h1>`),
      register: html.includes(`>${m.register_title()}</h1>`),
      // The intro up to its count of providers (the site's data, not the test's).
      landing: html.includes(`>${m.landing_intro({ count: '\u0000' }).split('\u0000')[0]}`),
    }
  }
  const prerenderOf = (name?: 'login' | 'register' | 'landing') => ({
    prerendered: name !== undefined,
    login: name === 'login',
    register: name === 'register',
    landing: name === 'landing',
  })
  expect(await served('/register')).toEqual(prerenderOf('register'))
  // The landing's is the root's directory index.
  expect(await served('/')).toEqual(prerenderOf('landing'))
  // The post-login destination does not keep /login from its prerender.
  expect(await served('/login?redirect=%2Fplayer%2Fdeposit')).toEqual(prerenderOf('login'))
  // A player page (and any other path) gets the generic shell, never a visitor page.
  expect(await served('/player/deposit')).toEqual(prerenderOf())
  await context.setOffline(false)
})
