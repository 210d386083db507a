import type { Page } from '@playwright/test'
import { m } from '../generated/paraglide/messages.js'
import { expect, RESPONSIVE, test } from './support'

/**
 * The visitor pages are painted from their HTML (issue 19, config/prerender-pages.ts): the
 * build draws the page with the app's own components into #html-shell, and the app replaces it
 * when it first draws. These tests hold the app's scripts back to see what the HTML alone
 * shows, then let the app run and check it took over without moving anything.
 *
 * The prerender is inert and hidden from assistive technology, so it has no roles to find it
 * by: both sides are read with the same structural selectors, the prerender's under
 * #html-shell and the app's under #root.
 */

/**
 * What a player sees of a page's layout: headings, labels, fields, buttons and links. The
 * header's home link is left out: it shows the agency's name beside its logo once agency info
 * has arrived, which the build cannot know (the prerender holds the logo's place only).
 */
const DRAWN = [
  ...['button', 'a:not([href="/"])'].map((tag) => `header ${tag}`),
  ...['h1', 'label', 'input', 'button', 'a'].map((tag) => `main ${tag}`),
]

type Box = { selector: string; index: number; x: number; y: number; width: number; height: number }

/** The boxes of every visible DRAWN element under `container`, in document order. */
function boxesIn(page: Page, container: string): Promise<Box[]> {
  return page.evaluate(
    ([container, selectors]) =>
      selectors.flatMap((selector) =>
        [...document.querySelectorAll(`${container} ${selector}`)].flatMap((element, index) => {
          const { x, y, width, height } = element.getBoundingClientRect()
          return width && height ? [{ selector, index, x, y, width, height }] : []
        }),
      ),
    [container, DRAWN] as const,
  )
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

for (const { path, title } of [
  { path: '/login', title: m.login_title() },
  { path: '/register', title: m.register_title() },
]) {
  test.describe(path, () => {
    test(
      'paints from the HTML, inert, and the app takes over in place',
      RESPONSIVE,
      async ({ page }) => {
        await watchHandOver(page)
        const release = await holdAppScripts(page)
        await page.goto(path, { waitUntil: 'commit' })

        // The HTML alone draws the page's title and form in the base language.
        const prerenderedTitle = page.locator('#html-shell main h1')
        await expect(prerenderedTitle).toHaveText(title)
        await expect(prerenderedTitle).toBeVisible()
        await expect(page.locator('#html-shell main input').first()).toBeVisible()
        // Measured in the web fonts (they load with the HTML's CSS, scripts or not), as the app is.
        await page.evaluate(() => document.fonts.ready)
        const prerendered = await boxesIn(page, '#html-shell')

        // Nothing of it takes the keyboard or a tap: a player cannot type into a picture.
        await expect(page.locator('#html-shell')).toHaveAttribute('inert', '')
        await page.keyboard.press('Tab')
        await page.keyboard.press('Tab')
        expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)

        release()
        await expect(page.locator('#html-shell')).toHaveCount(0)
        // The app removed the prerender in the commit that drew its page, not a frame before.
        expect(
          await page.evaluate(() => (window as unknown as { handOver: unknown }).handOver),
        ).toEqual({ rootTitle: title })
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
        await page.evaluate(() => document.fonts.ready)
        const drawn = await boxesIn(page, '#root')
        // Every box of the prerender is where the app draws it (the header's agency parts
        // included: they hold their place until agency info arrives).
        expect(drawn.map(({ selector, index }) => `${selector}[${index}]`)).toEqual(
          prerendered.map(({ selector, index }) => `${selector}[${index}]`),
        )
        for (const [i, box] of prerendered.entries()) {
          const app = drawn[i]!
          for (const side of ['x', 'y', 'width', 'height'] as const) {
            expect(
              Math.abs(app[side] - box[side]),
              `${box.selector}[${box.index}].${side}`,
            ).toBeLessThanOrEqual(1)
          }
        }
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
        page.getByRole('heading', {
          level: 1,
          name:
            title === m.login_title()
              ? m.login_title({}, { locale: 'cn' })
              : m.register_title({}, { locale: 'cn' }),
        }),
      ).toBeVisible()
      await expect(page.locator('#html-shell')).toHaveCount(0)
    })
  })
}
