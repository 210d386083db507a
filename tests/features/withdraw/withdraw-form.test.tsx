import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { WithdrawForm } from '~/features/withdraw/withdraw-form'
import { QUOTE_DEBOUNCE_MS } from '~/features/withdraw/withdraw-quote'
import { formatMoney } from '~/domain/format'
import { example, http, mockApi, rateLimited, RETRY_AFTER_EXAMPLE } from '../../helpers/api'
import { renderWithProviders } from '../../helpers/render'

type CurrentPromotion = components['schemas']['CurrentPromotion']
type Provider = components['schemas']['Provider']

const { limits } = example('getAgencyInfo', 200)
const account = example('listBankAccounts', 200).bankAccounts[0]!
const weekend = example('getCurrentPromotion', 200, 'withdrawAll').usage
const rates = example('listCurrencyRates', 200)
const quoteGclub = example('quoteWithdraw', 200, 'gclub')
const quoteAll = example('quoteWithdraw', 200, 'withdrawAll')
const orderOpen = example('createWithdraw', 201, 'open')
const rejected = example('createWithdraw', 422, 'WITHDRAW_REJECTED')
const internal = example('createWithdraw', 500)

type Setup = {
  credits?: Partial<Record<Provider, string>>
  usage?: CurrentPromotion['usage']
  quote?: Parameters<typeof http.get<'/v2/withdraws/quote'>>[1]
  create?: Parameters<typeof http.post<'/v2/withdraws'>>[1]
}

async function setup({ credits = {}, usage = null, quote, create }: Setup = {}) {
  const amounts: Partial<Record<Provider, string>> = {
    alphabet: '0.00',
    askmebet: '412.50',
    gclub: '1180.00',
    gclub_live: '238.00',
    ...credits,
  }
  const fetch = mockApi(
    http.get('/v2/rates', ({ response }) => response(200).json(rates)),
    http.get('/v2/withdraws/quote', quote ?? (({ response }) => response(200).json(quoteGclub))),
    http.post('/v2/withdraws', create ?? (({ response }) => response(201).json(orderOpen))),
    http.get('/v2/players/credits/{provider}', ({ params, response }) => {
      const provider = params.provider as Provider
      const amount = amounts[provider]
      if (amount === undefined) return undefined
      return response(200).json({ provider, credit: { amount, currency: 'THB' } })
    }),
  )
  const onCreated = vi.fn()
  const view = await renderWithProviders(
    <WithdrawForm
      account={account}
      bank={undefined}
      limits={limits}
      usage={usage}
      onCreated={onCreated}
    />,
    { advanceTimers: (ms) => vi.advanceTimersByTime(ms) },
  )
  const amount = await screen.findByRole('textbox', {
    name: m.withdraw_credit_label({ currency: 'THB' }),
  })
  const submit = screen.getByRole('button', { name: m.withdraw_submit() })
  const quotes = () => fetch.to('/v2/withdraws/quote').map((r) => new URL(r.url).searchParams)
  const pickProvider = async (name: RegExp) => {
    await view.user.click(await screen.findByRole('radio', { name }))
  }
  /** Lets the debounce run out and the quote (or the rule) answer. */
  const settle = async () => {
    await act(() => vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS + 10))
  }
  return { ...view, fetch, onCreated, amount, submit, quotes, pickProvider, settle }
}

const quotePanel = () => screen.getByRole('region', { name: m.withdraw_quote_title() })

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
})
afterEach(() => {
  vi.useRealTimers()
})

// Each test types, waits out a debounce and submits: slow on a loaded 2-core machine.
describe('WithdrawForm', () => {
  it('quotes once per pause, shows the split before submitting, and sends one order', async () => {
    const { user, fetch, onCreated, amount, submit, quotes, pickProvider, settle } = await setup()
    await pickProvider(/^GClub\b(?! Live)/)
    await user.type(amount, '150')
    await settle()

    expect(quotes().map((q) => [q.get('provider'), q.get('credit')])).toEqual([['gclub', '150.00']])
    const panel = quotePanel()
    await waitFor(() => expect(within(panel).getByText(formatMoney('91500', 'LAK'))).toBeVisible())
    expect(within(panel).getAllByText(formatMoney('150.00', 'THB'))).toHaveLength(2)

    await user.dblClick(submit)
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(orderOpen))
    const sent = fetch.to('/v2/withdraws').filter((r) => r.method === 'POST')
    expect(sent).toHaveLength(1)
    // The order names the quote shown, so the payout is the one the player saw (issue 20).
    expect(await sent[0]!.json()).toEqual({
      provider: 'gclub',
      bankAccountId: account.id,
      credit: '150.00',
      quoteId: quoteGclub.quoteId,
    })
    expect(sent[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('refuses one hundredth below the minimum at the field, and asks nothing', async () => {
    const { user, fetch, amount, submit, quotes, pickProvider, settle } = await setup()
    await pickProvider(/^GClub\b(?! Live)/)
    await user.type(amount, '99.99')
    await settle()

    const message = m.errors_withdraw_amount_too_low_min({ min: formatMoney('100.00', 'THB') })
    expect(await screen.findByText(message)).toBeVisible()
    expect(amount).toBeInvalid()
    await user.click(submit)
    await settle()
    expect(quotes()).toHaveLength(0)
    expect(fetch.to('/v2/withdraws').filter((r) => r.method === 'POST')).toHaveLength(0)

    await user.clear(amount)
    await user.type(amount, '100.00')
    await settle()
    await waitFor(() => expect(quotes()).toHaveLength(1))
    expect(screen.queryByText(message)).not.toBeInTheDocument()
  })

  it('accepts exactly the provider credit and refuses one hundredth more', async () => {
    const { user, amount, quotes, pickProvider, settle } = await setup()
    await pickProvider(/^GClub\b(?! Live)/)
    await user.type(amount, '1180.01')
    await settle()
    const insufficient = m.errors_insufficient_credit_at({
      credit: formatMoney('1180.00', 'THB'),
      amount: formatMoney('1180.01', 'THB'),
      provider: 'GClub',
    })
    expect(await screen.findByText(insufficient)).toBeVisible()
    expect(quotes()).toHaveLength(0)

    await user.clear(amount)
    await user.type(amount, '1180.00')
    await settle()
    await waitFor(() => expect(quotes().map((q) => q.get('credit'))).toEqual(['1180.00']))
  })

  it('withdraw-all: the amount is all the credit, read-only, and the screen says why', async () => {
    const { user, amount, quotes, pickProvider, settle } = await setup({
      usage: weekend,
      credits: { askmebet: '2350.00' },
      quote: ({ response }) => response(200).json(quoteAll),
    })
    await pickProvider(/^AskMeBet/)
    await waitFor(() => expect(amount).toHaveValue('2350.00'))
    expect(amount).toHaveAttribute('readonly')
    expect(amount).toHaveAccessibleDescription(
      m.withdraw_all_reason({
        promotion: weekend!.promotionTitle,
        amount: formatMoney('2350.00', 'THB'),
      }),
    )
    await user.type(amount, '1')
    expect(amount).toHaveValue('2350.00')
    await settle()

    // Cap and return, bonus deducted: the quote's figures, as the server computed them.
    await waitFor(() => expect(quotes().map((q) => q.get('credit'))).toContain('2350.00'))
    const panel = quotePanel()
    await waitFor(() =>
      expect(within(panel).getByText(formatMoney('1159000', 'LAK'))).toBeVisible(),
    )
    expect(within(panel).getByText(`− ${formatMoney('150.00', 'THB')}`)).toBeVisible()
    expect(within(panel).getByText(m.withdraw_figure_cap())).toBeVisible()
    expect(within(panel).getAllByText(formatMoney('1900.00', 'THB'))).toHaveLength(2)
    expect(within(panel).getByText(formatMoney('300.00', 'THB'))).toBeVisible()
  })

  it('the bonus: with the credit not above the promotion credit nothing is quoted', async () => {
    const usage = weekend && { ...weekend, bonusCredit: '150.00' }
    const { user, amount, quotes, pickProvider, settle } = await setup({
      usage,
      credits: { askmebet: '150.00' },
    })
    await pickProvider(/^AskMeBet/)
    await waitFor(() => expect(amount).toHaveValue('150.00'))
    await user.click(amount)
    await settle()
    const below = m.errors_withdraw_credit_below_promotion_credit_min({
      provider: 'AskMeBet',
      credit: formatMoney('150.00', 'THB'),
      min: formatMoney('150.00', 'THB'),
    })
    expect(await screen.findByText(below)).toBeVisible()
    expect(quotes()).toHaveLength(0)
  })

  it('bad input at each field: messages there, nothing sent', async () => {
    const { user, fetch, amount, submit, settle } = await setup()
    await user.click(submit)
    await settle()
    expect(await screen.findByText(m.withdraw_provider_required())).toBeVisible()

    // In lo `1,50` is one and a half (issue 24); English grouping is what lo refuses.
    await user.type(amount, '1,180.50')
    await settle()
    expect(
      await screen.findByText(m.withdraw_credit_format({ decimals: 2, example: '1.234.567,50' })),
    ).toBeVisible()
    const sent = fetch.requests.filter((r) => !r.url.includes('/v2/players/credits/'))
    expect(sent.filter((r) => !r.url.endsWith('/v2/rates'))).toHaveLength(0)
  })

  it('WITHDRAW_REJECTED: says so, and the next press is a new intent (new key)', async () => {
    const { user, fetch, onCreated, amount, submit, pickProvider, settle } = await setup({
      create: ({ response }) => response(422).json(rejected),
    })
    await pickProvider(/^GClub\b(?! Live)/)
    await user.type(amount, '150')
    await settle()
    await user.click(submit)
    expect(await screen.findByRole('alert')).toHaveTextContent(m.errors_withdraw_rejected())
    await user.click(submit)
    await waitFor(() =>
      expect(fetch.to('/v2/withdraws').filter((r) => r.method === 'POST')).toHaveLength(2),
    )
    const keys = fetch
      .to('/v2/withdraws')
      .filter((r) => r.method === 'POST')
      .map((r) => r.headers.get('Idempotency-Key'))
    expect(keys[0]).not.toBe(keys[1])
    expect(onCreated).not.toHaveBeenCalled()
  })

  it('a failing server keeps the Idempotency-Key for the retry', async () => {
    let up = false
    const { user, fetch, onCreated, amount, submit, pickProvider, settle } = await setup({
      create: ({ response }) => (up ? response(201).json(orderOpen) : response(500).json(internal)),
    })
    await pickProvider(/^GClub\b(?! Live)/)
    await user.type(amount, '150')
    await settle()
    await user.click(submit)
    expect(await screen.findByRole('alert')).toHaveTextContent(m.errors_internal_error())

    up = true
    await user.click(submit)
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1))
    const keys = fetch
      .to('/v2/withdraws')
      .filter((r) => r.method === 'POST')
      .map((r) => r.headers.get('Idempotency-Key'))
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBe(keys[1])
  })

  it('a quote that fails for a server reason offers a retry', async () => {
    // A gateway's page, outside the contract.
    let up = false
    const { user, amount, quotes, pickProvider, settle } = await setup({
      quote: ({ response }) =>
        up
          ? response(200).json(quoteGclub)
          : response.untyped(new Response('<html>bad gateway</html>', { status: 502 })),
    })
    await pickProvider(/^GClub\b(?! Live)/)
    await user.type(amount, '150')
    await settle()
    const panel = quotePanel()
    expect(await within(panel).findByText(m.withdraw_quote_failed())).toBeVisible()

    up = true
    await user.click(within(panel).getByRole('button', { name: m.error_try_again() }))
    await settle()
    await waitFor(() => expect(within(panel).getByText(formatMoney('91500', 'LAK'))).toBeVisible())
    expect(quotes().length).toBeGreaterThanOrEqual(2)
  })

  it('a 429 of the quote counts down at the field, asks nothing meanwhile, then quotes by itself', async () => {
    const wait = RETRY_AFTER_EXAMPLE
    expect(wait).toBeGreaterThan(4)
    const counting = (seconds: number) => m.errors_rate_limited_recheck({ seconds })
    let calls = 0
    const { user, fetch, amount, submit, quotes, pickProvider, settle } = await setup({
      quote: ({ response }) =>
        ++calls === 1
          ? response.untyped(rateLimited('quoteWithdraw'))
          : response(200).json(quoteGclub),
    })
    await pickProvider(/^GClub\b(?! Live)/)
    await user.type(amount, '100')
    await settle()
    // The count shown at the field (the fake clock also moves with real time: read, not guessed).
    const shown = () => {
      const error = amount.getAttribute('aria-describedby')?.split(' ') ?? []
      const text = error.map((id) => document.getElementById(id)?.textContent).join(' ')
      return [...Array(wait + 1).keys()].find((n) => n > 0 && text.includes(counting(n)))
    }
    await waitFor(() => expect(shown()).toBeDefined())
    const first = shown()!
    expect(amount).toBeInvalid()
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(counting(wait))
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(shown()).toBeLessThan(first)

    // Typing on and a submit ask nothing before Retry-After has passed.
    await user.type(amount, '0')
    await settle()
    await user.click(submit)
    await act(() => vi.advanceTimersByTimeAsync((wait - 4) * 1000))
    expect(quotes()).toHaveLength(1)
    expect(fetch.to('/v2/withdraws').filter((r) => r.method === 'POST')).toHaveLength(0)
    expect(shown()).toBeDefined()

    // The wait over, the amount now typed is quoted without the player doing anything.
    await act(() => vi.advanceTimersByTimeAsync(3000))
    await settle()
    const panel = quotePanel()
    await waitFor(() => expect(within(panel).getByText(formatMoney('91500', 'LAK'))).toBeVisible())
    expect(quotes().map((q) => q.get('credit'))).toEqual(['100.00', '1000.00'])
    expect(amount).toBeValid()
  })
})
