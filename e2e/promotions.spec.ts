import type { Page } from '@playwright/test'
import { m } from '../generated/paraglide/messages.js'
import {
  chooseScenario,
  example,
  expect,
  expectNoViolations,
  logInByApi,
  preferMockNow,
  test,
} from './support'

type Promotion = { id: string; title: string }
type Blocking = { reason: string }

const [, daily] = example<{ promotions: Promotion[] }>('listPromotions', '200').promotions
if (!daily) throw new Error('the contract lists fewer than two promotions')

// The shared 2-core machine compiles a dev page on its first visit in well over the default
// 7 s; the first heading of each page gets this long, everything after keeps the default.
const FIRST_PAINT = { timeout: 20_000 }
test.describe.configure({ timeout: 90_000 })

/** Opens a page and waits for its h1 (the page's data has then arrived). */
async function open(page: Page, url: string, heading: string) {
  await page.goto(url)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible(FIRST_PAINT)
}

/** The provider card: react-aria keeps the radio input visually hidden under its label. */
async function chooseProvider(page: Page, name: string) {
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name }) })
    .click()
  await expect(page.getByRole('radio', { name })).toBeChecked()
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A card's claim link: "Claim" then the promotion's title for screen readers. */
const claimLink = (page: Page, title = '') =>
  page.getByRole('link', {
    name: new RegExp(`^${escape(m.promotion_claim())}\\W*${escape(title)}`),
  })

const current = (page: Page) => page.getByRole('region', { name: m.promotion_current_title() })

// The mock's claim turns the usage in force into its `active` example: the daily bonus on
// alphabet. So this walk claims that one, and the page then shows it as in use.
test('claim from a direct link with one request, see it in use on the promotion and deposit pages, cancel it', async ({
  page,
}) => {
  await logInByApi(page)
  const sent: { body: unknown; key: string | undefined }[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/v2/promotions/use') return
    sent.push({ body: request.postDataJSON(), key: request.headers()['idempotency-key'] })
  })
  await open(page, `/player/promotion/${daily.id}`, daily.title)
  await expectNoViolations(page)

  await chooseProvider(page, 'Alphabet')
  await page.getByRole('button', { name: m.promotion_claim() }).dblclick()
  await expect(current(page)).toBeVisible()
  await expect(page.getByText(m.promotion_in_use_notice())).toBeVisible()
  expect(sent).toHaveLength(1)
  expect(sent[0]?.body).toEqual({ promotionId: daily.id, providerId: 'alphabet' })
  expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/)
  await expectNoViolations(page)

  await open(page, '/player/deposit', m.page_title_deposit())
  await expect(current(page)).toBeVisible()

  await open(page, '/player/promotion', m.page_title_promotion())
  await current(page).getByRole('button', { name: m.promotion_cancel() }).click()
  const dialog = page.getByRole('alertdialog', { name: m.promotion_cancel_confirm_title() })
  await expect(dialog).toBeVisible()
  await expectNoViolations(page)
  await dialog.getByRole('button', { name: m.promotion_cancel_confirm() }).click()
  await expect(
    page.getByRole('status').filter({ hasText: m.promotion_cancel_success() }),
  ).toBeVisible()
  await expect(current(page)).toHaveCount(0)
  await expect(claimLink(page, daily.title)).toBeVisible()
})

test('the promotion in force: turnover progress and recheck', async ({ page }) => {
  await chooseScenario(page, 'used-promotion')
  await logInByApi(page)
  await open(page, '/player/promotion', m.page_title_promotion())
  const card = current(page)
  await expect(
    card.getByRole('progressbar', { name: m.promotion_current_turnover() }),
  ).toBeVisible()
  await card.getByRole('button', { name: m.promotion_recheck() }).click()
  await expect(card.getByRole('status')).toHaveText(m.promotion_recheck_still_in_use())
  await expect(page.getByText(m.errors_promotion_already_active())).toHaveCount(2)
  await expectNoViolations(page)
})

test('a blocked player is told why and has no claim button', async ({ page }) => {
  const { reason } = example<Blocking>('getPromotionBlocking', '200', 'blocked')
  await chooseScenario(page, 'blocked')
  await logInByApi(page)
  await open(page, '/player/promotion', m.page_title_promotion())
  const notice = page.getByRole('region', { name: m.promotion_blocked_title() })
  await expect(notice).toContainText(reason)
  // The cards are there, without a claim link.
  await expect(page.getByRole('link', { name: daily.title, exact: true })).toBeVisible()
  await expect(claimLink(page)).toHaveCount(0)
  await expectNoViolations(page)

  await open(page, `/player/promotion/${daily.id}`, daily.title)
  await expect(page.getByRole('region', { name: m.promotion_blocked_title() })).toBeVisible()
  await expect(page.getByRole('button', { name: m.promotion_claim() })).toHaveCount(0)
})

test('a new player is led to add a bank account first', async ({ page }) => {
  await chooseScenario(page, 'new-player')
  await logInByApi(page)
  await open(page, '/player/promotion', m.page_title_promotion())
  await page.getByRole('link', { name: m.promotion_add_bank() }).click()
  await expect(page).toHaveURL(/\/player\/bank$/)
})

// The mock's `long-lists` offers this many promotions (mock/scenarios.ts), each its own id and
// title, made from the contract's examples; the list shows ten a page.
const LONG_LIST = 50
const PER_PAGE = 10

test('a long list of promotions: a page at a time, and the last opens its own page', async ({
  page,
}) => {
  await chooseScenario(page, 'long-lists')
  await logInByApi(page)
  await open(page, '/player/promotion', m.page_title_promotion())
  const cards = page.getByRole('main').getByRole('list').first().getByRole('listitem')
  await expect(cards).toHaveCount(PER_PAGE)
  const pages = LONG_LIST / PER_PAGE
  await expect(page.getByText(m.pagination_page_of({ page: 1, pages }))).toBeVisible()
  await page.getByRole('link', { name: m.pagination_next() }).click()
  await expect(page).toHaveURL(/\/player\/promotion\?page=2$/)
  await expect(page.getByText(m.pagination_page_of({ page: 2, pages }))).toBeVisible()
  await expect(cards).toHaveCount(PER_PAGE)
  await open(page, `/player/promotion?page=${pages}`, m.page_title_promotion())
  await expect(cards).toHaveCount(PER_PAGE)
  const last = cards.last().getByRole('heading', { level: 2 }).getByRole('link')
  const title = await last.innerText()
  const href = await last.getAttribute('href')
  await last.click()
  await expect(page).toHaveURL(new RegExp(`${escape(href ?? '-')}$`))
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible()
})

test.describe('claim refused by the server', () => {
  // Nothing here changes the session's state: the worker's shared login will do.
  test.use({ asPlayer: true })
  const refusals: [string, () => string][] = [
    [
      'code=422, example=PROMOTION_ONLY_FOR_FIRST_ORDER',
      () => m.errors_promotion_only_for_first_order(),
    ],
    [
      'code=409, example=CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN',
      () => m.errors_cannot_use_promotion_while_order_is_open(),
    ],
    ['code=409, example=OPEN_ORDER', () => m.errors_open_order()],
    ['code=409, example=PROMOTION_ALREADY_USED', () => m.errors_promotion_already_used()],
    ['code=409, example=PROMOTION_USAGE', () => m.errors_promotion_usage()],
    ['code=422, example=PROMOTION_INACTIVE', () => m.errors_promotion_inactive()],
    [
      'code=409, example=PROMOTION_USED_BY_PROVIDER',
      () => m.errors_promotion_used_by_provider({ provider: 'GClub' }),
    ],
    [
      'code=403, example=PLAYER_BLOCKED_FROM_PROMOTIONS',
      () => m.errors_player_blocked_from_promotions(),
    ],
    ['code=422, example=BANK_ACCOUNT_REQUIRED', () => m.errors_bank_account_required()],
  ]
  test('each reason has its message', async ({ page }) => {
    await open(page, `/player/promotion/${daily.id}`, daily.title)
    await chooseProvider(page, 'Alphabet')
    for (const [prefer, message] of refusals) {
      // The dev build reads its Prefer choices per request: no reload between reasons.
      await preferMockNow(page, { usePromotion: prefer })
      await page.getByRole('button', { name: m.promotion_claim() }).click()
      await expect(page.getByRole('alert')).toHaveText(message())
    }
    await expectNoViolations(page)
  })
})

test.describe('history', () => {
  test.use({ asPlayer: true })

  test('pages keep the page in the URL', async ({ page }) => {
    await open(page, '/player/promotion/history', m.page_title_promotion_history())
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(5)
    await expectNoViolations(page)
    await page.getByRole('link', { name: m.pagination_next() }).click()
    await expect(page).toHaveURL(/\/player\/promotion\/history\?page=2$/)
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1)
    await page.reload()
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1)
  })
})
