// The two checks the site makes while the player types (the username's availability, the
// withdraw quote) answered 429 RATE_LIMITED with Retry-After, chosen through the mock's Prefer
// (`code=429`: the contract's RateLimited answer, `Retry-After: 30` from its header example).
// The page's clock is installed so the wait is jumped over rather than sat through.
import type { Page } from '@playwright/test'
import { m } from '../generated/paraglide/messages.js'
import { shownMoney } from './format-module'
import {
  countRequests,
  example,
  expect,
  expectNoViolations,
  preferMock,
  preferMockNow,
  test,
} from './support'

/** The contract's documented Retry-After (components/headers RetryAfter), what the mock sends. */
const WAIT = 30

/** The field's countdown at any second of the wait (the clock flows while the page is looked at). */
const countdown = new RegExp(
  m
    .errors_rate_limited_recheck({ seconds: 987654 })
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('987654', '\\d+'),
)

/** Jumps past the rest of the wait: the page's own timers then fire. */
const waitOut = (page: Page) => page.clock.fastForward((WAIT + 1) * 1000)

test.describe('username check', () => {
  type UsernameCheck = { username: string }
  const available = example<UsernameCheck>('validateUsername', '200', 'available')

  test('a 429 counts down at the field, asks nothing meanwhile, then checks by itself', async ({
    page,
  }) => {
    await preferMock(page, { validateUsername: 'code=429' })
    const checks = countRequests(page, '/v2/players/username/validate')
    await page.goto('/register')
    const username = page.getByRole('textbox', { name: m.account_username(), exact: true })
    // The whole name at once: typed key by key, a pause over the check's 400 ms between two keys
    // (a busy machine's) makes a second check of the name so far, which this test does not count.
    await username.fill(available.username)

    await expect(username).toHaveAccessibleDescription(countdown)
    await expect(username).toHaveAttribute('aria-invalid', 'true')
    // Told once, the whole wait (the page has other, empty, live regions).
    await expect(page.getByRole('status').filter({ hasText: countdown })).toHaveText(
      m.errors_rate_limited_recheck({ seconds: WAIT }),
    )
    await expectNoViolations(page)
    expect(checks).toHaveLength(1)

    // The server would answer now; the site still waits for Retry-After.
    await preferMockNow(page, {})
    await page.clock.fastForward(10_000)
    await expect(username).toHaveAccessibleDescription(countdown)
    expect(checks).toHaveLength(1)

    await waitOut(page)
    await expect(page.getByText(m.register_username_available())).toBeVisible()
    expect(checks.map((c) => c.body)).toEqual([
      { username: available.username },
      { username: available.username },
    ])
    await expect(username).not.toHaveAttribute('aria-invalid', 'true')
  })
})

test.describe('withdraw quote', () => {
  test.use({ asPlayer: true })
  type Quote = { payoutAmount: string }
  const quote = example<Quote>('quoteWithdraw', '200', 'gclub')

  test('a 429 counts down at the credit field, asks nothing meanwhile, then quotes by itself', async ({
    page,
  }) => {
    test.slow() // the withdraw page loads credits, rates and the promotion through Prism
    await preferMock(page, { quoteWithdraw: 'code=429' })
    const quotes = countRequests(page, '/v2/withdraws/quote')
    await page.goto('/player/withdraw')
    await page
      .getByRole('radiogroup', { name: m.withdraw_provider_label() })
      .getByText('GClub', { exact: true })
      .click()
    const credit = page.getByRole('textbox', {
      name: m.withdraw_credit_label({ currency: 'THB' }),
    })
    await credit.fill('150')

    await expect(credit).toHaveAccessibleDescription(countdown)
    await expect(credit).toHaveAttribute('aria-invalid', 'true')
    await expectNoViolations(page)
    expect(quotes).toHaveLength(1)

    await preferMockNow(page, {})
    await page.clock.fastForward(10_000)
    await expect(credit).toHaveAccessibleDescription(countdown)
    expect(quotes).toHaveLength(1)

    await waitOut(page)
    const panel = page.getByRole('region', { name: m.withdraw_quote_title() })
    await expect(panel.getByText(await shownMoney(quote.payoutAmount, 'LAK'))).toBeVisible()
    expect(quotes).toHaveLength(2)
    await expect(credit).not.toHaveAttribute('aria-invalid', 'true')
  })
})
