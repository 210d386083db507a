// A player's session over minutes rather than one load: coming back on a flaky line, a failing
// session check, plain http, a language switch, a failing server.
import type { Page } from '@playwright/test'
import { m } from '../generated/paraglide/messages.js'
import { siteRoutes } from './site-routes'
import {
  countRequests,
  example,
  expect as baseExpect,
  preferMock,
  preferMockNow,
  test,
} from './support'

// The shared machine is slow: the mock's round trips take seconds there (never a fixed sleep).
test.describe.configure({ timeout: 90_000 })
const expect = baseExpect.configure({ timeout: 15_000 })

type Limits = { limits: { deposit: { currency: string } } }
const depositCurrency = example<Limits>('getAgencyInfo', '200').limits.deposit.currency
const promotionId = example<{ promotions: { id: string }[] }>('listPromotions', '200')
  .promotions[0]!.id

const amountField = (page: Page) =>
  page.getByRole('textbox', { name: m.deposit_field_amount({ currency: depositCurrency }) })

async function chooseProvider(page: Page, name: RegExp) {
  await page.getByRole('radio', { name }).locator('xpath=ancestor::label').click()
  await expect(page.getByRole('radio', { name })).toBeChecked()
}

/**
 * The player leaves the tab for longer than the data stays fresh (5 minutes) and comes back:
 * the page's clock moves on and the window says it is visible again, which refetches.
 */
async function comeBackAfter(page: Page, minutes: number) {
  await page.clock.fastForward(minutes * 60_000)
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))
}

test.describe('as a player', () => {
  test.use({ asPlayer: true })

  test('coming back to a failing server keeps the deposit form and the amount typed', async ({
    page,
  }) => {
    await page.goto('/player/deposit')
    await chooseProvider(page, /AskMeBet/)
    await amountField(page).fill('50000')
    await preferMockNow(page, { listOpenDeposits: 'code=500', listBankAccounts: 'code=500' })
    const refetches = countRequests(page, '/v2/deposits/open')
    await comeBackAfter(page, 6)
    await expect(
      page.getByRole('status').filter({ hasText: m.list_refresh_failed() }),
    ).toBeVisible()
    expect(refetches.length).toBeGreaterThanOrEqual(1)
    // The form and what was typed are still there; no error state took their place.
    await expect(amountField(page)).toHaveValue('50000')
    await expect(page.getByRole('alert').filter({ hasText: m.list_load_failed() })).toHaveCount(0)
    // Once the server answers again, a retry (the page's own, still going) clears the notice.
    await preferMockNow(page, {})
    await expect(page.getByText(m.list_refresh_failed())).toHaveCount(0)
    await expect(amountField(page)).toHaveValue('50000')
  })

  test('a failing session check keeps the player on the page, with a retry', async ({ page }) => {
    await preferMock(page, { getPlayerInfo: 'code=500' })
    await page.goto('/player/bank')
    const failed = page.getByRole('alert').filter({ hasText: m.error_something_went_wrong() })
    await expect(failed).toBeVisible()
    await expect(page).toHaveURL(/\/player\/bank$/)
    await preferMockNow(page, {})
    await failed.getByRole('button', { name: m.error_try_again() }).click()
    await expect(page.getByRole('heading', { level: 1, name: m.page_title_bank() })).toBeVisible()
    await expect(page).toHaveURL(/\/player\/bank$/)
  })

  test('/login sends a player with a session on to its ?redirect=, not home', async ({ page }) => {
    await page.goto('/login?redirect=%2Fplayer%2Fbank')
    await expect(page.getByRole('heading', { level: 1, name: m.page_title_bank() })).toBeVisible()
    await expect(page).toHaveURL(/\/player\/bank$/)
  })

  test('a deposit goes out once where crypto.randomUUID is missing (plain http)', async ({
    page,
  }) => {
    // Outside a secure context (a phone on the LAN over http) browsers have no randomUUID.
    await page.addInitScript(() => {
      delete (Crypto.prototype as { randomUUID?: unknown }).randomUUID
    })
    await page.goto('/player/deposit')
    await chooseProvider(page, /AskMeBet/)
    await amountField(page).fill('50000')
    const posts = countRequests(page, '/v2/deposits')
    await page.getByRole('button', { name: m.deposit_submit() }).click()
    await expect(page.getByRole('heading', { name: m.deposit_open_title() })).toBeVisible()
    const sent = posts.filter((post) => post.body)
    expect(sent).toHaveLength(1)
    expect(sent[0]?.headers['idempotency-key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })

  test('a failing server is said within a round trip, retries going on behind', async ({
    page,
  }) => {
    await preferMock(page, { listOpenDeposits: 'code=500' })
    const opens = countRequests(page, '/v2/deposits/open')
    await page.goto('/player/deposit')
    const failed = page.getByRole('alert').filter({ hasText: m.list_load_failed() })
    // The retries take over 3 s (1 s, then 2 s apart): the page says it before them.
    await expect(failed).toBeVisible({ timeout: 2_500 })
    await expect(page.getByRole('banner')).toBeVisible()
    expect(opens.length).toBeLessThan(3)
    await expect.poll(() => opens.length).toBe(3)
  })
})

async function switchToThai(page: Page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: m.lang_button({ language: 'ພາສາລາວ' }, { locale: 'lo' }) })
    .click()
  await page.getByRole('menuitemradio', { name: 'ภาษาไทย' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'th')
}

/** The visible text nodes in Lao script (the site's words, or the mock's own Lao data). */
const laoNodes = (page: Page) =>
  page.evaluate(() => {
    const found = new Set<string>()
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? ''
      if (/[\u0E80-\u0EFF]/.test(text) && node.parentElement?.checkVisibility()) found.add(text)
    }
    return [...found]
  })
/** Every route of the site (`/player` itself only redirects), with an example's id. */
const routes = siteRoutes()
  .filter((route) => route !== '/player')
  .map((route) => route.replace('$promotionId', promotionId))
const VISITOR_ROUTES = routes.filter((route) => !route.startsWith('/player'))
const PLAYER_ROUTES = routes.filter((route) => route.startsWith('/player'))

/** The page drawn whole in one language (its main heading shown). */
async function drawnIn(page: Page, locale: 'lo' | 'th') {
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible()
}

/** The stored language, read by the next page the tab loads. */
const storeLocale = (page: Page, locale: 'lo' | 'th') =>
  page.evaluate((value) => localStorage.setItem('i18nextLng', value), locale)

/**
 * After a switch from Lao to Thai, the page holds no Lao text but what a page loaded in Thai
 * holds too (the mock's own Lao data: promotion texts, game names, the language menu's name).
 * The page is loaded in Thai, then in Lao, then switched; one tab goes through every page,
 * so each loads with the code the others already brought.
 */
async function expectNoLaoAfterSwitch(page: Page, route: string) {
  await storeLocale(page, 'th')
  await page.goto(route)
  await drawnIn(page, 'th')
  const inThai = new Set(await laoNodes(page))
  await storeLocale(page, 'lo')
  await page.reload()
  await drawnIn(page, 'lo')
  await switchToThai(page)
  await expect
    .poll(async () => (await laoNodes(page)).filter((text) => !inThai.has(text)), {
      message: `Lao left on ${route}`,
    })
    .toEqual([])
}

/** Every page of `routes` in one tab (the first load only gives the tab the site's origin). */
async function expectNoLaoAfterSwitchOn(page: Page, routes: string[]) {
  await page.goto(routes[0]!)
  for (const route of routes) {
    await test.step(route, () => expectNoLaoAfterSwitch(page, route))
  }
}

test('switching language on a visitor page leaves no word of the previous one', ({ page }) =>
  expectNoLaoAfterSwitchOn(page, VISITOR_ROUTES))

test.describe('switching language on a player page', () => {
  test.use({ asPlayer: true })
  test('leaves no word of the previous one', async ({ page }) => {
    test.setTimeout(120_000)
    await expectNoLaoAfterSwitchOn(page, PLAYER_ROUTES)
  })
})

test('a language whose messages fail to come says so, and the next switch brings it', async ({
  page,
}) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: m.login_title() })).toBeVisible()
  let lost = 0
  await page.route(/\/assets\/(th|page-messages-th-\d+)-[^/]*\.js$/, (route) =>
    lost++ === 0 ? route.abort('connectionreset') : route.continue(),
  )
  const menuButton = page
    .getByRole('banner')
    .getByRole('button', { name: m.lang_button({ language: 'ພາສາລາວ' }, { locale: 'lo' }) })
  await menuButton.click()
  await page.getByRole('menuitemradio', { name: 'ภาษาไทย' }).click()
  await expect(page.getByText(m.lang_load_failed({}, { locale: 'lo' }))).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo')
  await switchToThai(page)
  await expect(
    page.getByRole('heading', { level: 1, name: m.login_title({}, { locale: 'th' }) }),
  ).toBeVisible()
})
