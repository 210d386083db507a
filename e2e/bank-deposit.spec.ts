// Bank account and deposit on the mock's scenarios, in real Chromium.
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { m } from '../generated/paraglide/messages.js'
import {
  countRequests,
  example,
  expect as baseExpect,
  expectNoViolations,
  preferMock,
  test,
} from './support'

type LaoQr = { qr: string; amount: string }
type Deposit = { id: string; amount: string; transactionCode: string; status: string }
type Usage = { usage: { terms: { depositAmount: string } } }
type Limits = { limits: { deposit: { min: string; max: string; currency: 'LAK' } } }

const laoQr = example<LaoQr>('getDepositLaoQr', '200', 'open')
const openOrder = example<Deposit>('createDeposit', '201', 'open')
const agency = example<Limits>('getAgencyInfo', '200')
/**
 * The fixed part of a message before its first value: Chromium's and Node's ICU format lo-LA
 * money differently, so the browser's own formatting is not recomputed here.
 */
const lead = (text: string) => text.split('\u0000')[0]!.trim()

// The machine running the suite is shared and slow: lazy routes and the mock's round trips
// take seconds there, so waits are longer than the house default (never a fixed sleep).
test.describe.configure({ timeout: 90_000 })
const expect = baseExpect.configure({ timeout: 20_000 })

test.use({ asPlayer: true })

/**
 * Every call of this page carries the scenario (the mock keeps state per session cookie and
 * scenario); the worker's session starts the scenario afresh, so a retry or an earlier test of
 * the same scenario leaves nothing behind.
 */
async function start(page: Page, scenario: string) {
  await page.context().setExtraHTTPHeaders({ 'X-Mock-Scenario': scenario })
  const reset = await page.request.post('/api/__mock/reset')
  expect(reset.ok()).toBe(true)
}

/** Picks a choice card as a player does: a press on the card (react-aria keeps the input hidden). */
async function choose(page: Page, name: RegExp) {
  await page.getByRole('radio', { name }).locator('xpath=ancestor::label').click()
  await expect(page.getByRole('radio', { name })).toBeChecked()
}

/** Decodes the QR as Chromium drew it (an element screenshot), as a phone's camera would. */
async function decodeQr(page: Page) {
  const image = page.getByRole('img', { name: lead(m.deposit_qr_label({ amount: '\u0000' })) })
  await expect(image).toBeVisible()
  // Clear of the sticky header and the phone's bottom bar, which would be drawn over it.
  await image.evaluate((el) => el.scrollIntoView({ block: 'center' }))
  const png = PNG.sync.read(await image.screenshot())
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data
}

test('a new player adds an account, deposits, scans or saves the QR; the page finds it unpaid then paid', async ({
  page,
}) => {
  await start(page, 'new-player')
  await page.goto('/player/deposit')
  await expect(page.getByText(m.deposit_no_bank_title())).toBeVisible()
  await expectNoViolations(page)
  await page.getByRole('link', { name: m.deposit_go_to_bank() }).click()

  await expect(page.getByRole('heading', { name: m.bank_form_title() })).toBeVisible()
  await expectNoViolations(page)
  const posts = countRequests(page, '/v2/players/bank-accounts')
  await choose(page, /Joint Development Bank/)
  await page.getByRole('textbox', { name: m.bank_field_account_number() }).fill('200012345678')
  await page.getByRole('textbox', { name: m.bank_field_account_name() }).fill('KEO VONGSA')
  await page.getByRole('textbox', { name: m.bank_field_owner() }).fill('Keo Vongsa')
  await page.getByRole('button', { name: m.bank_submit() }).click()
  await expect(page.getByRole('heading', { name: m.bank_your_account() })).toBeVisible()
  expect(posts.filter((p) => p.body)).toHaveLength(1)
  expect(posts[0]?.headers['idempotency-key']).toBeTruthy()

  await page.goto('/player/deposit')
  await choose(page, /AskMeBet/)
  await page
    .getByRole('textbox', {
      name: m.deposit_field_amount({ currency: agency.limits.deposit.currency }),
    })
    .fill(openOrder.amount)
  await page.getByRole('button', { name: m.deposit_submit() }).click()
  await expect(page.getByRole('heading', { name: m.deposit_open_title() })).toBeVisible()
  expect(await decodeQr(page)).toBe(laoQr.qr)
  await expectNoViolations(page)

  // Save as image: a PNG download of the same QR.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: m.deposit_qr_save() }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`lao-qr-${openOrder.transactionCode}.png`)
  const saved = PNG.sync.read(readFileSync(await download.path()))
  expect(jsQR(new Uint8ClampedArray(saved.data), saved.width, saved.height)?.data).toBe(laoQr.qr)

  // The page checks by itself (checkDeposit's x-auto-check): the mock's first
  // check finds it unpaid, which the page keeps to itself; the next one pays. A press of
  // "check payment" while unpaid is e2e'd on `open-order`, the paid press at component level.
  const checks = countRequests(page, `/v2/deposits/${openOrder.id}/check`)
  // The next check is timed from this one's answer: the clock moves on once it is in.
  const firstAnswer = page.waitForResponse((r) => r.url().endsWith(`/${openOrder.id}/check`))
  await page.clock.fastForward(6_000)
  await firstAnswer
  expect(checks.length).toBeGreaterThanOrEqual(1)
  await expect(page.getByText(m.deposit_check_not_paid())).toHaveCount(0)
  // The next check comes 10 s after that answer has been handled, which a loaded machine
  // can finish after the response event: the clock moves on until the page turns paid (the
  // exact schedule is the component tests' job, tests/features/deposit/auto-check.test.tsx).
  const paidTitle = page.getByRole('heading', { name: m.deposit_paid_title() })
  await expect(async () => {
    await page.clock.fastForward(5_000)
    await expect(paidTitle).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  await expectNoViolations(page)
  // Paid: the open order left the mock's list, so a new deposit starts from the form.
  await page.getByRole('button', { name: m.deposit_new() }).click()
  await expect(page.getByRole('button', { name: m.deposit_submit() })).toBeVisible()
})

test('an open order is resumed; check says unpaid; cancel checks, asks, then cancels', async ({
  page,
}) => {
  await start(page, 'open-order')
  await page.goto('/player/deposit')
  await expect(page.getByRole('heading', { name: m.deposit_open_title() })).toBeVisible()
  await expect(page.getByText(openOrder.transactionCode)).toBeVisible()
  // The button stays for the impatient: unpaid, it says to scan the QR.
  await page.getByRole('button', { name: m.deposit_check() }).click()
  await expect(page.getByText(m.deposit_check_not_paid())).toBeVisible()
  const checks = countRequests(
    page,
    `/v2/deposits/${example<{ id: string }>('createDeposit', '201', 'open').id}/check`,
  )
  await page.getByRole('button', { name: m.deposit_cancel() }).click()
  const dialog = page.getByRole('alertdialog', { name: m.deposit_cancel_confirm_title() })
  await expect(dialog).toBeVisible()
  expect(checks).toHaveLength(1)
  await expectNoViolations(page)
  await dialog.getByRole('button', { name: m.deposit_cancel_confirm() }).click()
  await expect(page.getByRole('button', { name: m.deposit_submit() })).toBeVisible()
})

test('an active promotion prefills its set amount and says why', async ({ page }) => {
  await start(page, 'active-promotion')
  await page.goto('/player/deposit')
  const amount = example<Usage>('getCurrentPromotion', '200', 'active').usage.terms.depositAmount
  await expect(
    page.getByRole('textbox', {
      name: m.deposit_field_amount({ currency: agency.limits.deposit.currency }),
    }),
  ).toHaveValue(amount)
  await expect(
    page.getByText(lead(m.deposit_promotion_notice({ title: '\u0000', amount: '' }))),
  ).toBeVisible()
  await expectNoViolations(page)
})

test('bad input and server refusals are shown at the amount field', async ({ page }) => {
  await start(page, 'default')
  await preferMock(page, { createDeposit: 'code=422, example=DEPOSIT_AMOUNT_TOO_HIGH' })
  await page.goto('/player/deposit')
  const posts = countRequests(page, '/v2/deposits')
  const field = page.getByRole('textbox', {
    name: m.deposit_field_amount({ currency: agency.limits.deposit.currency }),
  })
  await choose(page, /GClub Live/)
  // Grouped the Thai way in lo (where the comma marks decimals): refused, naming lo's form.
  await field.fill('50,000')
  await page.getByRole('button', { name: m.deposit_submit() }).click()
  await expect(page.getByText(m.common_amount_form({ example: '1.234.567' }))).toBeVisible()
  expect(posts).toHaveLength(0)
  await expectNoViolations(page)
  await field.fill(agency.limits.deposit.max)
  await page.getByRole('button', { name: m.deposit_submit() }).click()
  await expect(
    page.getByText(lead(m.errors_deposit_amount_too_high_max({ max: '\u0000' }))),
  ).toBeVisible()
  expect(posts).toHaveLength(1)
})

test('history pages keep their place in the URL and show the status colours', async ({ page }) => {
  await start(page, 'default')
  await preferMock(page, { listDeposits: 'example=everyStatus' })
  await page.goto('/player/deposit/history')
  await expect(page.getByRole('heading', { name: m.page_title_deposit_history() })).toBeVisible()
  for (const [status, tone] of [
    ['OPEN', 'grey'],
    ['CANCELED', 'red'],
    ['PAID', 'yellow'],
    ['SUCCESS', 'green'],
    ['FAILED', 'red'],
  ]) {
    await expect(page.locator(`[data-status="${status}"]`).first()).toHaveAttribute(
      'data-tone',
      tone!,
    )
  }
  await expectNoViolations(page)
})

test('history: next page and back', async ({ page }) => {
  await start(page, 'default')
  await page.goto('/player/deposit/history')
  await page.getByRole('link', { name: m.pagination_next() }).click()
  await expect(page).toHaveURL(/\/player\/deposit\/history\?page=2$/)
  await expect(page.getByText(m.pagination_page_of({ page: 2, pages: 3 }))).toBeVisible()
  await page.reload()
  await expect(page.getByText(m.pagination_page_of({ page: 2, pages: 3 }))).toBeVisible()
})
