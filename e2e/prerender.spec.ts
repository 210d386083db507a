import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { m } from '../generated/paraglide/messages.js'
import { expect, RESPONSIVE, test } from './support'

/**
 * The visitor pages are painted from their HTML (decision 009, config/prerender-pages.ts): the
 * build draws the page with the app's own components into #html-shell, and the app replaces it
 * when it first draws. These tests hold the app's scripts back to see what the HTML alone
 * shows, then let the app run and check it took over without moving anything.
 *
 * The prerender is inert and hidden from assistive technology, so it has no roles to find it
 * by: both sides are read with the same structural selectors, the prerender's under
 * #html-shell and the app's under #root.
 */

/** The file the e2e build wrote for a source module (`src/routes/about.tsx?tsr-split=component`). */
function chunkOf(source: string): string {
  const manifest = JSON.parse(readFileSync('dist-e2e/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >
  return manifest[source]!.file
}

/**
 * What a player sees of a page's layout: headings, labels, fields, buttons and links. The
 * header's home link is left out: it shows the agency's name beside its logo once agency info
 * has arrived, which the build cannot know (the prerender holds the logo's place only).
 */
const DRAWN = [
  ...['button', 'a:not([href="/"])'].map((tag) => `header ${tag}`),
  ...['h1', 'label', 'input', 'button', 'a'].map((tag) => `main ${tag}`),
]

type Box = {
  selector: string
  index: number
  label: string
  x: number
  y: number
  width: number
  height: number
}

const describeBox = ({ selector, index, label, x, y, width, height }: Box) =>
  `${selector}[${index}] "${label}" ${[x, y, width, height].map(Math.round).join(',')}`

/**
 * The boxes of every visible DRAWN element under `container`, in document order, each numbered
 * among the visible ones of its selector: a control hidden at this width takes no number, so
 * it cannot shift the others'. (Now and then the app's header has one visible button fewer than
 * the prerender when this reads it: not yet understood.)
 */
function boxesIn(page: Page, container: string): Promise<Box[]> {
  return page.evaluate(
    ([container, selectors]) =>
      selectors.flatMap((selector) =>
        [...document.querySelectorAll(`${container} ${selector}`)]
          .map((element) => ({
            label: (element.getAttribute('aria-label') ?? element.textContent ?? '')
              .trim()
              .slice(0, 24),
            rect: element.getBoundingClientRect(),
          }))
          .filter(({ rect }) => rect.width && rect.height)
          .map(({ label, rect: { x, y, width, height } }, index) => ({
            selector,
            index,
            label,
            x,
            y,
            width,
            height,
          })),
      ),
    [container, DRAWN] as const,
  )
}

/**
 * Waits until the page is laid out as a player sees it: every stylesheet applied and every
 * web font its text uses loaded. Before, the boxes were now and then read from the unstyled
 * HTML (under load, the stylesheet had not arrived: `toBeVisible` and `document.fonts.ready`
 * do not wait for it) or in a fallback font (the fonts are asked for by the layout that
 * needs them, so `ready` could resolve before they were): a hidden control counted as
 * visible, or a header button 43 px off.
 */
async function stylesAndFontsIn(page: Page) {
  await page.waitForFunction(() => {
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
    if (!links.every((link) => link.sheet)) return false
    // A layout asks for the fonts its text needs; then none may still be loading.
    void document.body.getBoundingClientRect()
    return document.fonts.status === 'loaded'
  })
  await page.evaluate(() => document.fonts.ready)
}

/** Holds the app's scripts (not the preload script, which is part of the HTML's first paint). */
async function holdAppScripts(page: Page) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/(?!preload-)[^/]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** Records, when the app removes the prerender, whether its own page was drawn in that commit. */
async function watchHandOver(page: Page) {
  await page.addInitScript(() => {
    let seen = false
    new MutationObserver((_, observer) => {
      if (document.getElementById('html-shell')) seen = true
      if (!seen || document.getElementById('html-shell')) return
      const root = document.getElementById('root')
      ;(window as unknown as { handOver: unknown }).handOver = {
        rootTitle: root?.querySelector('main h1')?.textContent ?? null,
      }
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  })
}

/**
 * The prerendered pages: the h1 each one's HTML shows, and the app's h1 in another language.
 * The landing's h1 welcomes to the agency, which the build does not know: its prerender holds
 * the place of the welcome (a bar, and "loading" for a screen reader).
 */
const PAGES = [
  {
    path: '/',
    title: m.layout_loading(),
    inChinese: m.agency_welcome({ name: '' }, { locale: 'cn' }),
  },
  { path: '/login', title: m.login_title(), inChinese: m.login_title({}, { locale: 'cn' }) },
  {
    path: '/register',
    title: m.register_title(),
    inChinese: m.register_title({}, { locale: 'cn' }),
  },
]

for (const { path, title, inChinese } of PAGES) {
  test.describe(path, () => {
    test(
      'paints from the HTML, inert, and the app takes over in place',
      RESPONSIVE,
      async ({ page }) => {
        await watchHandOver(page)
        const release = await holdAppScripts(page)
        await page.goto(path, { waitUntil: 'commit' })

        // The HTML alone draws the page's title and its controls in the base language.
        const prerenderedTitle = page.locator('#html-shell main h1')
        await expect(prerenderedTitle).toHaveText(title)
        await expect(prerenderedTitle).toBeVisible()
        await expect(page.locator('#html-shell main :is(input, a)').first()).toBeVisible()
        // Measured styled and in the web fonts (they load with the HTML's CSS, scripts or not),
        // as the app is.
        await stylesAndFontsIn(page)
        const prerendered = await boxesIn(page, '#html-shell')

        // Nothing of it takes the keyboard or a tap: a player cannot type into a picture.
        await expect(page.locator('#html-shell')).toHaveAttribute('inert', '')
        await page.keyboard.press('Tab')
        await page.keyboard.press('Tab')
        expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)

        release()
        await expect(page.locator('#html-shell')).toHaveCount(0)
        // The app removed the prerender in the commit that drew its page, not a frame before
        // (on the landing, agency info may have arrived by then: its h1 welcomes already).
        const { rootTitle } = await page.evaluate(
          () => (window as unknown as { handOver: { rootTitle: string | null } }).handOver,
        )
        if (path === '/') expect(rootTitle).toMatch(/\S/)
        else expect(rootTitle).toBe(title)
        await expect(page.locator('#root main h1')).toBeVisible()
        if (path === '/') await expect(page.locator('#root main h1')).not.toHaveText(title)
        await stylesAndFontsIn(page)
        const drawn = await boxesIn(page, '#root')
        // Every box of the prerender is where the app draws it (the header's agency parts
        // included: they hold their place until agency info arrives). On a failure the message
        // lists both sides' boxes.
        const moved = prerendered.flatMap((box, i) => {
          const app = drawn[i]
          const same =
            app?.selector === box.selector &&
            (['x', 'y', 'width', 'height'] as const).every(
              (side) => Math.abs(app[side] - box[side]) <= 1,
            )
          return same ? [] : [`${describeBox(box)} -> ${app ? describeBox(app) : 'nothing'}`]
        })
        const both = [prerendered, drawn].map((boxes) => boxes.map(describeBox).join('\n'))
        expect(moved, `prerender:\n${both[0]}\napp:\n${both[1]}`).toEqual([])
        expect(drawn).toHaveLength(prerendered.length)
      },
    )

    test('a player of another language sees the boxes without the base language words', async ({
      page,
    }) => {
      await page.addInitScript(() => localStorage.setItem('i18nextLng', 'cn'))
      const release = await holdAppScripts(page)
      await page.goto(path, { waitUntil: 'commit' })
      await expect(page.locator('html')).toHaveAttribute('data-prerender-hidden', '')
      const prerenderedTitle = page.locator('#html-shell main h1')
      await expect(prerenderedTitle).toBeVisible()
      await expect(prerenderedTitle).toHaveCSS('color', 'rgba(0, 0, 0, 0)')

      release()
      await expect(
        page.getByRole('heading', { level: 1, name: inChinese.trim(), exact: false }),
      ).toBeVisible()
      await expect(page.locator('#html-shell')).toHaveCount(0)
    })
  })
}

/**
 * Records the page's paint and resource timings as the browser reports them (Playwright's clock,
 * installed on every page by ./support, stands in for `performance`; its observers are real).
 */
async function recordTimings(page: Page) {
  await page.addInitScript(() => {
    const seen: { name: string; startTime: number }[] = []
    ;(window as unknown as { timings: typeof seen }).timings = seen
    for (const type of ['paint', 'resource']) {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          seen.push({ name: entry.name, startTime: entry.startTime })
      }).observe({ type, buffered: true })
    }
  })
}

/** When the page asked for the app's entry and its first web font, against its first contentful paint. */
function loadOrder(page: Page) {
  return page.evaluate(() => {
    const timings = (window as unknown as { timings: { name: string; startTime: number }[] })
      .timings
    const entryUrl = document.querySelector<HTMLScriptElement>('script[type="module"]')?.src
    const at = (name: string) => timings.find((entry) => entry.name === name)?.startTime ?? NaN
    return {
      fcp: at('first-contentful-paint'),
      entry: entryUrl ? at(entryUrl) : NaN,
      font: Math.min(
        ...timings.filter((entry) => entry.name.endsWith('.woff2')).map((entry) => entry.startTime),
      ),
      entryInHtml: document.querySelector('script[type="module"][fetchpriority="low"]') !== null,
    }
  })
}

test('a prerendered page paints before the app loads; the shell of other pages starts it at once', async ({
  page,
}) => {
  // config/preload-first-page.ts: on a prerendered page the entry and the page's chunks are
  // asked for once the HTML has painted (the fonts at once); elsewhere the entry is in the HTML.
  await recordTimings(page)
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: m.login_title() })).toBeVisible()
  await expect(page.locator('#html-shell')).toHaveCount(0)
  const login = await loadOrder(page)
  expect(login.entryInHtml).toBe(false)
  expect(login.fcp).toBeGreaterThan(0)
  expect(login.entry).toBeGreaterThanOrEqual(login.fcp)
  expect(login.font).toBeLessThan(login.fcp)

  await page.goto('/about')
  await expect(page.locator('#html-shell')).toHaveCount(0)
  const about = await loadOrder(page)
  expect(about.entryInHtml).toBe(true)
  expect(about.entry).toBeLessThan(about.fcp)
})

test("each prerendered page's HTML has a preload script of its own, which asks for that page's chunks", async ({
  page,
  request,
}) => {
  // config/preload-first-page.ts writes, beside index.html's script for every path, one a
  // prerendered page that knows that page alone (config/prerender-pages.ts puts it in).
  // A prerendered page's script is deferred (the next test); index.html's runs async.
  const scriptOf = async (path: string) =>
    /<script (?:async|defer) src="(\/assets\/preload-[\w-]+\.js)"><\/script>/.exec(
      await (await request.get(path)).text(),
    )?.[1]
  // A path no route answers gets index.html, with the script that knows every page.
  const shared = await scriptOf('/nowhere')
  expect(shared).toBeDefined()
  const pages = {
    '/': 'src/routes/index.tsx?tsr-split=component',
    '/login': 'src/routes/_public/login.tsx?tsr-split=component',
    '/register': 'src/routes/_public/register.tsx?tsr-split=component',
  }
  const own = new Set<string>()
  for (const [path, route] of Object.entries(pages)) {
    const script = await scriptOf(path)
    expect(script, path).toBeDefined()
    expect(script, path).not.toBe(shared)
    own.add(script!)
    const preloaded = page.waitForRequest((req) => req.url().endsWith(`/${chunkOf(route)}`))
    await page.goto(path)
    await preloaded
  }
  expect(own.size).toBe(3)
})

test('a prerendered page is laid out once its stylesheet is in, not before', async ({ page }) => {
  // Chromium lays the page out as DOMContentLoaded is dispatched. With only an async script in
  // the HTML that event came before a slow stylesheet, and the whole prerendered page was laid
  // out unstyled (70-100 ms at full speed, in system fallback fonts), then again styled (issue
  // 19). A deferred script holds the event until the stylesheet is in. The stylesheet is held
  // back here so that the order does not depend on how fast this machine serves it; a
  // stylesheet link has its `sheet` once the file is in.
  await page.route(/\/assets\/index-[\w-]+\.css$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400))
    await route.continue()
  })
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')
      document.documentElement.dataset.styledAtDomContentLoaded = String(Boolean(link?.sheet))
    })
  })
  for (const path of ['/', '/login', '/register']) {
    await page.goto(path)
    await expect(page.locator('html'), path).toHaveAttribute(
      'data-styled-at-dom-content-loaded',
      'true',
    )
  }
})

test('every other page that answers one path has its modules in its HTML, and a script that adds none of them', async ({
  page,
  request,
}) => {
  // config/preload-first-page.ts writes index.html once more for each such page
  // (/player/deposit -> player/deposit.html): the parser asks for the page's chunks with the
  // entry, and the page's own script no longer adds them one a task (issue 19).
  const pages = {
    '/player/deposit': 'src/routes/player/deposit/index.tsx?tsr-split=component',
    // One route file answers each provider's path (config/first-calls.ts, routePages).
    '/player/game/askmebet': 'src/routes/player/game/$provider.tsx?tsr-split=component',
    '/player/game/gclub_live': 'src/routes/player/game/$provider.tsx?tsr-split=component',
    '/about': 'src/routes/about.tsx?tsr-split=component',
  }
  const modulesOf = (html: string) =>
    [
      ...html.matchAll(
        /<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g,
      ),
    ].map((match) => match[1]!)
  expect(modulesOf(await (await request.get('/nowhere')).text())).toEqual([])
  for (const [path, route] of Object.entries(pages)) {
    const html = await (await request.get(path)).text()
    const chunk = `/${chunkOf(route)}`
    expect(modulesOf(html), path).toContain(chunk)
    // Still the generic shell, with the entry in the HTML, and a script of its own.
    expect(html, path).not.toContain('data-prerendered')
    expect(html, path).toMatch(/<script type="module"[^>]*src="\/assets\/index-/)
    expect(html, path).toMatch(/<script async src="\/assets\/page-preload-[\w-]+\.js"><\/script>/)
  }
  // Once the page has run, its chunk was asked for once, by the HTML's own link.
  const chunk = `/${chunkOf(pages['/about'])}`
  const asked: string[] = []
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === chunk) asked.push(req.url())
  })
  await page.goto('/about')
  await expect(page.locator('#html-shell')).toHaveCount(0)
  expect(asked).toHaveLength(1)
  expect(await page.locator(`link[rel="modulepreload"][href="${chunk}"]`).count()).toBe(1)
})

test("a prerendered page's HTML asks for its language's fonts itself; the script adds another language's", async ({
  page,
  request,
}) => {
  // config/preload-first-page.ts: the page is drawn in Lao, so its HTML preloads Noto Sans
  // (Latin) and Noto Sans Lao, 400 and 600, beside its stylesheet; the page's script asks for
  // the fonts of a player's other language only, and no font is asked for twice.
  /** A font file's path without its content hash. */
  const unhashed = (path: string) => path.replace(/-[\w-]{8}\.woff2$/, '')
  const fontsOf = (html: string) =>
    [
      ...html.matchAll(
        /<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)">/g,
      ),
    ]
      .map((match) => unhashed(match[1]!))
      .sort()
  const laoFonts = [
    '/assets/noto-sans-lao-lao-400-normal',
    '/assets/noto-sans-lao-lao-600-normal',
    '/assets/noto-sans-latin-400-normal',
    '/assets/noto-sans-latin-600-normal',
  ]
  for (const path of ['/', '/login', '/register']) {
    expect(fontsOf(await (await request.get(path)).text()), path).toEqual(laoFonts)
  }
  // The shell of every other page does not know the player's language: its script asks.
  expect(fontsOf(await (await request.get('/about')).text())).toEqual([])

  /**
   * The font files the page downloads until the app has drawn it and its fonts are in: over the
   * network, not from the browser's cache. Chromium 150 no longer hands a font the script
   * preloaded to an @font-face that asks for it after the load event (the Thai player's page
   * below, drawn by the app well after load): it asks again and gets the file from its disk
   * cache, no byte downloaded twice.
   */
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  const fontDownloads = async (path: string) => {
    const fonts = new Map<string, string>()
    const downloaded: string[] = []
    const onSent = (event: { requestId: string; request: { url: string } }) => {
      if (event.request.url.endsWith('.woff2')) {
        fonts.set(event.requestId, new URL(event.request.url).pathname)
      }
    }
    const onResponse = ({
      requestId,
      response,
    }: {
      requestId: string
      response: { fromDiskCache?: boolean; fromServiceWorker?: boolean }
    }) => {
      const font = fonts.get(requestId)
      if (font && !response.fromDiskCache && !response.fromServiceWorker) downloaded.push(font)
    }
    cdp.on('Network.requestWillBeSent', onSent)
    cdp.on('Network.responseReceived', onResponse)
    await page.goto(path)
    await expect(page.locator('#html-shell')).toHaveCount(0)
    await page.evaluate(() => document.fonts.ready)
    cdp.off('Network.requestWillBeSent', onSent)
    cdp.off('Network.responseReceived', onResponse)
    return downloaded
  }
  const lao = await fontDownloads('/login')
  expect(new Set(lao).size, lao.join(' ')).toBe(lao.length)
  expect(lao.map(unhashed).sort()).toEqual(laoFonts)

  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'th'))
  const thai = await fontDownloads('/login')
  expect(new Set(thai).size, thai.join(' ')).toBe(thai.length)
  expect(thai.some((url) => url.includes('noto-sans-thai-thai-400-normal'))).toBe(true)
})
