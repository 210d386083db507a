import { expect, type Page } from '@playwright/test'
import { m } from '../generated/paraglide/messages.js'
import { PRESSABLE_STYLE_ID } from '../config/pressable-style'
import { injectedStyles } from '../config/security-headers'
import { test } from './csp'

// The served build carries the Content-Security-Policy of config/security-headers.ts
// (`vite preview`, as production). A walk over the pages a player reaches must trip it
// zero times: react-aria's injected styles are allowed by hash, nothing else is inline.

const publicPages = ['/', '/about', '/how-to-play', '/service', '/login', '/register']
const playerPages = [
  '/player/deposit',
  '/player/deposit/history',
  '/player/withdraw',
  '/player/withdraw/history',
  '/player/bank',
  '/player/promotion',
  '/player/promotion/history',
  '/player/game/askmebet',
]

async function visit(page: Page, path: string) {
  const response = await page.goto(path)
  // Without the header this walk would prove nothing: fail rather than pass vacuously.
  expect(response?.headers()['content-security-policy'], `CSP header on ${path}`).toContain(
    "script-src 'self'",
  )
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
}

test('the collector sees what the policy blocks', async ({ page, cspViolations }) => {
  await visit(page, '/about')
  await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'window.injected = true'
    document.head.append(script)
  })
  // The console's report of it can come before the event's: wait for the event's.
  await expect.poll(() => cspViolations.map((v) => v.directive)).toContain('script-src-elem')
})

test('public pages, fingerprinting and menus: no violation', async ({ page, cspViolations }) => {
  // Fingerprinting (canvas, fonts, iframes) runs once the landing page has been quiet for 5 s
  // (no long task, no input), 60 s after load at the latest (FINGERPRINT_QUIET_MS and
  // FINGERPRINT_MAX_WAIT_MS, src/features/account/fingerprint-once-per-day.ts).
  test.slow()
  const fingerprint = page.waitForRequest('**/api/v2/fingerprint', { timeout: 65_000 })
  await visit(page, '/')
  await fingerprint
  await page
    .getByRole('banner')
    .getByRole('button', { name: m.lang_button({ language: 'ພາສາລາວ' }) })
    .click()
  await expect(page.getByRole('menuitemradio').first()).toBeVisible()
  await page.keyboard.press('Escape')
  for (const path of publicPages.slice(1)) await visit(page, path)
  expect(cspViolations).toEqual([])
})

// react-aria's usePress injects its style once its first button has mounted: a new style sheet
// after the page is drawn. The HTML carries it instead (config/pressable-style.ts).
test("react-aria's pressable style comes with the HTML, allowed, never added after", async ({
  page,
  cspViolations,
}) => {
  await page.addInitScript(() => {
    const added: string[] = []
    Object.assign(window, { pressableStyleAdded: added })
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLStyleElement) added.push(`${node.id} ${document.readyState}`)
    }).observe(document, { childList: true, subtree: true })
  })
  for (const path of ['/login', '/']) {
    const response = await page.goto(path)
    // Byte for byte the text react-aria injects, which the policy allows by its hash.
    expect(await response?.text()).toContain(
      `<style id="${PRESSABLE_STYLE_ID}">${injectedStyles.pressable}</style>`,
    )
    const button = page.getByRole('banner').getByRole('button').first()
    await expect(button).toHaveAttribute('data-react-aria-pressable')
    // Allowed: a style the policy blocks gets no style sheet.
    expect(
      await page.evaluate(
        (id) => (document.getElementById(id) as HTMLStyleElement).sheet?.cssRules.length,
        PRESSABLE_STYLE_ID,
      ),
    ).toBe(1)
    // Parsed with the document; nothing put a style in once the app ran.
    expect(
      await page.evaluate(
        () => (window as unknown as { pressableStyleAdded: string[] }).pressableStyleAdded,
      ),
    ).toEqual([`${PRESSABLE_STYLE_ID} loading`])
    await expect(page.locator('style')).toHaveCount(1)
  }
  expect(cspViolations).toEqual([])
})

test.describe('as a player', () => {
  test.use({ asPlayer: true })

  test('player pages and the drawer: no violation', async ({ page, cspViolations }) => {
    for (const path of playerPages) await visit(page, path)
    await page.getByRole('banner').getByRole('button', { name: m.nav_open_menu() }).click()
    await expect(page.getByRole('dialog', { name: m.nav_menu() })).toBeVisible()
    expect(cspViolations).toEqual([])
  })

  // The shell has a worker make the first date format once the page is idle
  // (src/lib/intl-warm-up.ts): a file of the site's own, which `script-src 'self'` allows.
  test('the worker that makes the first date format: allowed, then ended', async ({
    page,
    cspViolations,
  }) => {
    const started = page.waitForEvent('worker')
    await visit(page, '/player/deposit')
    const worker = await started
    expect(worker.url()).toMatch(/\/assets\/intl-warm-up\.worker-[\w-]+\.js$/)
    // Ended by the page once it answered (or failed): the page does not keep it.
    await new Promise<void>((resolve) => worker.once('close', () => resolve()))
    expect(cspViolations).toEqual([])
  })
})
