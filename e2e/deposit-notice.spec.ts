// A deposit that notices the payment, on the mock's scenarios in real
// Chromium: the page checks the open order by itself (checkDeposit's x-auto-check), turns paid
// with no press, and withdraws the QR at expiry and offers a new order. Screenshots at 375 px
// in lo and th of both states go to docs/screenshots/.
import type { Page } from '@playwright/test'
import { m } from '../generated/paraglide/messages.js'
import {
  countRequests,
  example,
  expect as baseExpect,
  expectNoViolations,
  isPhone,
  RESPONSIVE,
  test,
} from './support'
import { formatModule } from './format-module'

type Locale = 'lo' | 'th'
type Deposit = { id: string; amount: string; totalCredit: string; provider: string }
type Credit = { credit: { amount: string; currency: string } }

const open = example<{ deposits: Deposit[] }>('listOpenDeposits', '200', 'oneOpen').deposits[0]!
const paid = example<Deposit & { creditCurrency: string }>('checkDeposit', '200', 'paid')
const providerAfter = example<Credit>('getProviderCredit', '200', 'askmebetAfterPaid').credit
const generalAfter = example<Credit>('getPlayerCredit', '200', 'afterPaidDeposit').credit
/**
 * The scenario's order expires this long after the session starts (a scenario param): longer
 * than the page takes to load and show the QR on a busy machine (2-5 s seen), so the QR is
 * seen open first. The test does not wait for it: it moves the page's clock and the mock
 * session's clock on together (`POST /__mock/advance`, mock/README.md).
 */
const EXPIRES_IN_MS = 30_000

test.describe.configure({ timeout: 120_000 })
const expect = baseExpect.configure({ timeout: 20_000 })

test.use({ asPlayer: true })

// The page's clock (e2e/support.ts) flows as usual; tests move it on where waiting would only
// cost time.

async function start(page: Page, scenario: string, locale: Locale = 'lo') {
  await page.context().setExtraHTTPHeaders({ 'X-Mock-Scenario': scenario })
  const reset = await page.request.post('/api/__mock/reset')
  expect(reset.ok()).toBe(true)
  await page.addInitScript((lang) => localStorage.setItem('i18nextLng', lang), locale)
}

/** The phone's screen as the player sees it (a full-page shot would draw the fixed bottom bar mid-page). */
async function shoot(page: Page, name: string) {
  if (!isPhone(page)) return
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `docs/screenshots/${name}.png` })
}

for (const locale of ['lo', 'th'] as const) {
  // The phone's screen is shown (and shot) in Lao; Thai changes the words, not the layout.
  const widths = locale === 'lo' ? RESPONSIVE : {}
  test(
    `paid-after-check (${locale}): with no press the page turns paid, both credits refetched`,
    widths,
    async ({ page }) => {
      const format = await formatModule()
      await start(page, 'paid-after-check', locale)
      const checks = countRequests(page, `/v2/deposits/${open.id}/check`)
      const credit = countRequests(page, '/v2/players/credit')
      await page.goto('/player/deposit')
      await expect(
        page.getByRole('heading', { name: m.deposit_open_title({}, { locale }) }),
      ).toBeVisible()
      await expect(page.getByText(m.deposit_auto_check_on({}, { locale }))).toBeVisible()
      expect(checks).toHaveLength(0)
      // x-auto-check's first delay; nothing is pressed.
      await page.clock.fastForward(6_000)
      await expect(
        page.getByRole('heading', { name: m.deposit_paid_title({}, { locale }) }),
      ).toBeVisible()
      expect(checks).toHaveLength(1)
      const providerRow = page.getByText(
        m.deposit_paid_provider_credit({ provider: 'AskMeBet' }, { locale }),
      )
      await expect(providerRow.locator('xpath=following-sibling::dd[1]')).toHaveText(
        format.formatMoney(providerAfter.amount, providerAfter.currency, locale),
      )
      const generalRow = page.getByText(m.deposit_paid_general_credit({}, { locale }))
      await expect(generalRow.locator('xpath=following-sibling::dd[1]')).toHaveText(
        format.formatMoney(generalAfter.amount, generalAfter.currency, locale),
      )
      expect(credit.length).toBeGreaterThan(0)
      const paidText = m.deposit_paid_text(
        {
          credit: format.formatMoney(paid.totalCredit, paid.creditCurrency, locale),
          provider: 'AskMeBet',
        },
        { locale },
      )
      await expect(page.getByRole('status').filter({ hasText: paidText })).toHaveCount(1)
      await expectNoViolations(page)
      await shoot(page, `deposit-paid-without-press-375-${locale}`)
    },
  )

  test(
    `expiring-order (${locale}): at zero the QR is withdrawn and a new order is offered`,
    widths,
    async ({ page }) => {
      await start(page, `expiring-order;expiresIn=${EXPIRES_IN_MS}`, locale)
      await page.goto('/player/deposit')
      const qr = page.getByRole('img', { name: /QR/ })
      await expect(qr).toBeVisible()
      const expired = page.getByRole('heading', { name: m.deposit_expired_title({}, { locale }) })
      await expect(expired).toHaveCount(0)
      // The order expires EXPIRES_IN_MS after the reset, on the session's clock: both clocks
      // move past it, and the page's last check at expiresAt finds it expired.
      const advance = await page.request.post(`/api/__mock/advance?ms=${EXPIRES_IN_MS}`)
      expect(advance.ok()).toBe(true)
      await page.clock.fastForward(EXPIRES_IN_MS)
      await expect(expired).toBeVisible()
      await expect(qr).toHaveCount(0)
      await expect(
        page.getByRole('button', { name: m.deposit_qr_save({}, { locale }) }),
      ).toHaveCount(0)
      await expect(page.getByRole('button', { name: m.deposit_check({}, { locale }) })).toHaveCount(
        0,
      )
      await expect(
        page.getByRole('status').filter({ hasText: m.deposit_expired_title({}, { locale }) }),
      ).toHaveCount(1)
      // The last check at expiry found it CANCELED (EXPIRED): the status says so.
      await expect(
        page.getByText(m.status_order_canceled({}, { locale }), { exact: true }),
      ).toBeVisible()
      await expectNoViolations(page)
      await shoot(page, `deposit-expired-375-${locale}`)
      await page.getByRole('button', { name: m.deposit_new({}, { locale }) }).click()
      await expect(
        page.getByRole('button', { name: m.deposit_submit({}, { locale }) }),
      ).toBeVisible()
    },
  )
}
