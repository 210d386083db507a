// Withdraw on the Prism mock: the scenarios of decision 005 chosen per operation with Prefer.
import type { Page } from '@playwright/test'
import { shownMoney } from './format-module'
import { m } from '../generated/paraglide/messages.js'
import { countRequests, example, expect, expectNoViolations, preferMock, test } from './support'

type Withdraw = { transactionCode: string; payoutAmount: string }
type Credit = { credit: { amount: string } }
type Usage = { usage: { promotionTitle: string } }

const openOrder = example<Withdraw>('createWithdraw', '201', 'open')
const allOrder = example<Withdraw>('createWithdraw', '201', 'withdrawAll')
const insufficient = example<Credit>('getProviderCredit', '200', 'gclubInsufficient')
const weekend = example<Usage>('getCurrentPromotion', '200', 'withdrawAll')

// Amounts as the app's own module writes them in lo, never the browser's Intl (which has no
// Lao data in Debian's Chromium: decision 016).
const money = (_page: Page, value: string, currency: string) => shownMoney(value, currency)

const amountField = (page: Page) =>
  page.getByRole('textbox', { name: m.withdraw_credit_label({ currency: 'THB' }) })
/** Picks a provider card as a player does: by clicking its name. */
const pickProvider = (page: Page, name: string) =>
  page
    .getByRole('radiogroup', { name: m.withdraw_provider_label() })
    .getByText(name, { exact: true })
    .click()
const quote = (page: Page) => page.getByRole('region', { name: m.withdraw_quote_title() })

test.use({ asPlayer: true })

test('a normal withdrawal: the payout before submitting, the order after', async ({ page }) => {
  // A submit is three round trips through Prism (credit refetched, quote, create) after an axe
  // run: on a loaded 2-core machine that alone has taken 25-30 s.
  test.slow()
  const posts = countRequests(page, '/v2/withdraws')
  await page.goto('/player/withdraw')
  await pickProvider(page, 'GClub')
  await amountField(page).fill('150')
  const payout = await money(page, openOrder.payoutAmount, 'LAK')
  await expect(quote(page).getByText(payout)).toBeVisible()
  await expectNoViolations(page)

  await page.getByRole('button', { name: m.withdraw_submit() }).dblclick()
  await expect(page.getByRole('heading', { name: m.withdraw_success_title() })).toBeVisible()
  await expect(page.getByRole('heading', { name: openOrder.transactionCode })).toBeVisible()
  await expect(page.getByText(payout)).toBeVisible()
  const sent = posts.filter((r) => r.body !== null)
  expect(sent).toHaveLength(1)
  expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
})

test('insufficient credit is refused at the field before anything is sent', async ({ page }) => {
  await preferMock(page, {
    getProviderCredit: 'example=gclubInsufficient',
    quoteWithdraw: 'code=422, example=INSUFFICIENT_CREDIT',
    createWithdraw: 'code=422, example=INSUFFICIENT_CREDIT',
  })
  const quotes = countRequests(page, '/v2/withdraws/quote')
  await page.goto('/player/withdraw')
  await pickProvider(page, 'GClub')
  await amountField(page).fill('150')
  const message = m.errors_insufficient_credit_at({
    credit: await money(page, insufficient.credit.amount, 'THB'),
    amount: await money(page, '150.00', 'THB'),
    provider: 'GClub',
  })
  await expect(page.getByText(message)).toBeVisible()
  await expect(amountField(page)).toHaveAttribute('aria-invalid', 'true')
  expect(quotes).toHaveLength(0)
})

test('a withdraw-all promotion fixes the amount and says why', async ({ page }) => {
  test.slow() // as above: quote, then a submit of three round trips
  await preferMock(page, {
    getCurrentPromotion: 'example=withdrawAll',
    getProviderCredit: 'example=askmebetWithdrawAll',
    quoteWithdraw: 'example=withdrawAll',
    createWithdraw: 'example=withdrawAll',
  })
  await page.goto('/player/withdraw')
  await pickProvider(page, 'AskMeBet')
  await expect(amountField(page)).toHaveValue('2350.00')
  await expect(amountField(page)).toHaveAttribute('readonly', '')
  await expect(
    page.getByText(
      m.withdraw_all_reason({
        promotion: weekend.usage.promotionTitle,
        amount: await money(page, '2350.00', 'THB'),
      }),
    ),
  ).toBeVisible()
  const payout = await money(page, allOrder.payoutAmount, 'LAK')
  await expect(quote(page).getByText(payout)).toBeVisible()
  await expect(quote(page).getByText(`− ${await money(page, '150.00', 'THB')}`)).toBeVisible()
  await page.getByRole('button', { name: m.withdraw_submit() }).click()
  await expect(page.getByRole('heading', { name: allOrder.transactionCode })).toBeVisible()
  await expect(page.getByText(payout)).toBeVisible()
})

test('a rejected withdrawal says so and keeps the form', async ({ page }) => {
  await preferMock(page, { createWithdraw: 'code=422, example=WITHDRAW_REJECTED' })
  await page.goto('/player/withdraw')
  await pickProvider(page, 'GClub')
  await amountField(page).fill('150')
  await expect(quote(page).getByText(await money(page, '91500', 'LAK'))).toBeVisible()
  await page.getByRole('button', { name: m.withdraw_submit() }).click()
  await expect(page.getByRole('alert')).toHaveText(m.errors_withdraw_rejected())
  await expect(amountField(page)).toHaveValue('150')
})

test('an open order is shown with its status instead of the form', async ({ page }) => {
  await preferMock(page, { listOpenWithdraws: 'example=oneOpen' })
  await page.goto('/player/withdraw')
  await expect(page.getByRole('heading', { name: m.withdraw_open_title() })).toBeVisible()
  await expect(page.getByText(m.status_order_open())).toBeVisible()
  await expect(amountField(page)).toHaveCount(0)
  await expectNoViolations(page)
})

test('no bank account leads to the bank page', async ({ page }) => {
  await preferMock(page, { listBankAccounts: 'example=empty' })
  await page.goto('/player/withdraw')
  await page.getByRole('link', { name: m.withdraw_no_bank_action() }).click()
  await expect(page).toHaveURL(/\/player\/bank$/)
})

test('history: every status colour, and the page in the URL', async ({ page }) => {
  await preferMock(page, { listWithdraws: 'example=everyStatus' })
  await page.goto('/player/withdraw/history')
  const badges = page.locator('[data-status]')
  // WithdrawStatus: OPEN, SUCCESS, REJECTED, FAILED (no PAID or CANCELED for a withdrawal).
  await expect(badges).toHaveCount(4)
  const tones = await badges.evaluateAll((els) =>
    els.map((el) => [el.getAttribute('data-status'), el.getAttribute('data-tone')]),
  )
  expect(tones).toEqual([
    ['OPEN', 'grey'],
    ['REJECTED', 'grey'],
    ['SUCCESS', 'green'],
    ['FAILED', 'red'],
  ])
  await expectNoViolations(page)
})

test('history paging keeps the page in the URL', async ({ page }) => {
  const lists = countRequests(page, '/v2/withdraws')
  await page.goto('/player/withdraw/history')
  await page.getByRole('link', { name: m.pagination_next() }).click()
  await expect(page).toHaveURL(/\/player\/withdraw\/history\?page=2$/)
  await expect(page.getByText(m.pagination_page_of({ page: 2, pages: 2 }))).toBeVisible()
  await page.reload()
  await expect(page.getByText(m.pagination_page_of({ page: 2, pages: 2 }))).toBeVisible()
  expect(lists.length).toBeGreaterThanOrEqual(2)
})
