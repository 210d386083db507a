import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { components } from '~generated/api/schema'
import type { AnyErrorDetails, OperationErrorBody } from '~/lib/api/error'
import { m } from '~generated/paraglide/messages'
import { DepositForm } from '~/features/deposit/deposit-form'
import { errorMessages, messageForCode } from '~/domain/error-messages'
import { formatFixed, formatMoney, formatNumber, formatRate } from '~/domain/format'
import { convertCurrency } from '~/domain/money'
import { HttpResponse } from 'msw'
import { renderWithProviders } from '../../helpers/render'
import { example, http, mockApi, rateLimited, RETRY_AFTER_EXAMPLE } from '../../helpers/api'
import { account, activeUsage, agency, banks, creditOf, openOrder, rates } from './fixtures'

type Usage = components['schemas']['PromotionUsage']

const limits = agency.limits.deposit
const credits = {
  alphabet: creditOf('alphabet'),
  askmebet: creditOf('askmebet'),
  gclub: creditOf('gclub'),
  gclub_live: creditOf('gclub_live'),
}

type Create = Parameters<typeof http.post<'/v2/deposits'>>[1]

/** Each provider's credit, by the path's provider. */
function creditHandler(overrides: Partial<typeof credits> = {}) {
  const byProvider: Partial<Record<string, (typeof credits)['alphabet']>> = {
    ...credits,
    ...overrides,
  }
  return http.get('/v2/players/credits/{provider}', ({ params, response }) => {
    const body = byProvider[params.provider]
    return body && response(200).json(body)
  })
}

async function setup({
  usage = null,
  create = ({ response }) => response(201).json(openOrder),
  creditOverrides = {},
  rateList = rates,
}: {
  usage?: Usage | null
  create?: Create
  creditOverrides?: Partial<typeof credits>
  rateList?: typeof rates
} = {}) {
  const fetch = mockApi(creditHandler(creditOverrides), http.post('/v2/deposits', create))
  const onCreated = vi.fn()
  const view = await renderWithProviders(
    <DepositForm
      agency={agency}
      account={account}
      bank={banks.find((b) => b.code === account.bankCode)}
      rates={rateList}
      usage={usage}
      onCreated={onCreated}
    />,
  )
  return {
    ...view,
    fetch,
    onCreated,
    amount: screen.getByRole('textbox', {
      name: m.deposit_field_amount({ currency: limits.currency }),
    }),
    submit: screen.getByRole('button', { name: m.deposit_submit() }),
  }
}

const minLak = formatMoney(limits.min, 'LAK')
const maxLak = formatMoney(limits.max, 'LAK')

describe('DepositForm: bad input at the amount field sends nothing', () => {
  it.each([
    ['empty', '', m.deposit_validation_amount_required()],
    [
      'below the minimum',
      String(BigInt(limits.min) - 1n),
      m.deposit_validation_amount_min({ min: minLak }),
    ],
    [
      'above the maximum',
      String(BigInt(limits.max) + 1n),
      m.deposit_validation_amount_max({ max: maxLak }),
    ],
    ['not a number', 'five', m.deposit_validation_amount_not_number()],
    ['decimals in LAK', '60000.50', m.deposit_validation_amount_whole({ currency: 'LAK' })],
    ['negative', '-60000', m.deposit_validation_amount_negative()],
    // Lao and Thai digits are read (issue 24): too many of them is above the maximum.
    ['Lao digits', '໖'.repeat(12), m.deposit_validation_amount_max({ max: maxLak })],
    ['Thai digits', '๖'.repeat(12), m.deposit_validation_amount_max({ max: maxLak })],
    ['grouped the Thai way in lo', '60,000', m.common_amount_form({ example: '1.234.567' })],
    ['10,000 characters', '7'.repeat(10_000), m.deposit_validation_amount_max({ max: maxLak })],
    ['markup', '<b>60000</b>', m.deposit_validation_amount_not_number()],
  ])('%s', async (_, input, message) => {
    const { user, fetch, amount, submit } = await setup()
    await user.click(screen.getByRole('radio', { name: /AskMeBet/ }))
    if (input) {
      // Pasted, as a player would bring 10,000 characters; typed input goes the same way.
      await user.click(amount)
      await user.paste(input)
    }
    await user.click(submit)
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(expect.stringContaining(message)),
    )
    expect(amount).toBeInvalid()
    expect(fetch.to('/v2/deposits')).toHaveLength(0)
  })

  it('an unchosen provider is said at the provider group and nothing is sent', async () => {
    const { user, fetch, amount, submit } = await setup()
    await user.type(amount, limits.min)
    await user.click(submit)
    expect(await screen.findByText(m.deposit_validation_provider_required())).toBeVisible()
    expect(fetch.to('/v2/deposits')).toHaveLength(0)
  })
})

describe('DepositForm: preview and submit', () => {
  it('shows the credit the amount buys (DEPOSIT: divided by the sell rate, rounded down)', async () => {
    const { user, amount } = await setup()
    await user.click(screen.getByRole('radio', { name: /AskMeBet/ }))
    await user.type(amount, '555555')
    const credit = convertCurrency('555555', 'THB', 'DEPOSIT', rates)
    expect(credit).toBe('888.88')
    expect(await screen.findByText(formatMoney(credit, 'THB'))).toBeVisible()
  })

  it('names the rate with the decimals it has and the kip once, as the withdraw figures do', async () => {
    const sell = '612.375'
    const { user } = await setup({
      rateList: rates.map((rate) => (rate.currency === 'THB' ? { ...rate, sell } : rate)),
    })
    await user.click(screen.getByRole('radio', { name: /AskMeBet/ }))
    const note = await screen.findByText(
      m.deposit_preview_note({ currency: 'THB', rate: formatRate(sell, 'LAK') }),
    )
    expect(note.textContent).toContain(`${formatNumber(sell, 6)} LAK`)
    expect(note.textContent?.split('LAK')).toHaveLength(2)
    expect(note.textContent).not.toMatch(/ກີບ|基普|kíp|กีบ/u)
  })

  it('shows each provider with its current credit', async () => {
    await setup()
    for (const { provider, credit } of Object.values(credits)) {
      expect(
        await screen.findByRole('radio', {
          name: new RegExp(formatMoney(credit.amount, credit.currency).replace(/[.$]/g, '\\$&')),
        }),
      ).toHaveAttribute('value', provider)
    }
  })

  it('sends one request per intent with an Idempotency-Key, even on a double click', async () => {
    let answer = () => {}
    const { user, fetch, amount, submit, onCreated } = await setup({
      create: async ({ response }) => {
        await new Promise<void>((resolve) => (answer = resolve))
        return response(201).json(openOrder)
      },
    })
    await user.click(screen.getByRole('radio', { name: /AskMeBet/ }))
    await user.type(amount, `00${openOrder.amount}`)
    await user.dblClick(submit)
    await waitFor(() => expect(fetch.to('/v2/deposits')).toHaveLength(1))
    const [request] = fetch.to('/v2/deposits')
    expect(request!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/)
    expect(await request!.json()).toEqual({
      provider: 'askmebet',
      bankAccountId: account.id,
      amount: openOrder.amount,
      mid: agency.currencyOptions[0]!.mid,
    })
    answer()
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(openOrder))
    expect(fetch.to('/v2/deposits')).toHaveLength(1)
  })

  it('reads Lao digits, shows the amount back in lo before sending, sends the contract form', async () => {
    const { user, fetch, amount, submit } = await setup()
    await user.click(screen.getByRole('radio', { name: /AskMeBet/ }))
    const laoDigits = openOrder.amount.replace(/[0-9]/g, (d) => String.fromCodePoint(0xed0 + +d))
    await user.type(amount, laoDigits)
    await user.tab()
    // lo groups with dots: what the player sees is what is sent.
    expect(amount).toHaveValue(formatFixed(openOrder.amount, 0, 'lo'))
    expect(formatFixed(openOrder.amount, 0, 'lo')).toContain('.')
    await user.click(submit)
    await waitFor(() => expect(fetch.to('/v2/deposits')).toHaveLength(1))
    expect(await fetch.to('/v2/deposits')[0]!.json()).toMatchObject({ amount: openOrder.amount })
  })

  it('pressing Deposit straight from the amount shows it back first, then sends it', async () => {
    const { user, fetch, amount, submit } = await setup()
    await user.click(screen.getByRole('radio', { name: /AskMeBet/ }))
    await user.type(amount, openOrder.amount)
    // The press leaves the field: the amount is shown back at the blur, and the submit, a
    // frame after the press, sends what is shown.
    await user.click(submit)
    await waitFor(() => expect(fetch.to('/v2/deposits')).toHaveLength(1))
    expect(amount).toHaveValue(formatFixed(openOrder.amount, 0, 'lo'))
    expect(await fetch.to('/v2/deposits')[0]!.json()).toMatchObject({ amount: openOrder.amount })
  })

  it('reuses the key when the network failed and the player retries', async () => {
    let calls = 0
    const { user, fetch, amount, submit } = await setup({
      create: ({ response }) =>
        ++calls === 1 ? HttpResponse.error() : response(201).json(openOrder),
    })
    await user.click(screen.getByRole('radio', { name: /AskMeBet/ }))
    await user.type(amount, openOrder.amount)
    await user.click(submit)
    expect(await screen.findByText(errorMessages.NETWORK_ERROR())).toBeVisible()
    await user.click(submit)
    await waitFor(() => expect(fetch.to('/v2/deposits')).toHaveLength(2))
    const [first, second] = fetch.to('/v2/deposits')
    expect(second!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'))
  })
})

describe('DepositForm: with a promotion in force', () => {
  it('prefills the set amount and the provider and says why', async () => {
    const { amount } = await setup({
      usage: activeUsage,
      creditOverrides: { alphabet: creditOf('alphabetZero') },
    })
    expect(amount).toHaveValue(activeUsage.terms.depositAmount)
    expect(screen.getByRole('radio', { name: /Alphabet/ })).toBeChecked()
    expect(
      screen.getByText(
        m.deposit_promotion_notice({
          title: activeUsage.promotionTitle,
          amount: formatMoney(activeUsage.terms.depositAmount, 'LAK'),
        }),
      ),
    ).toBeVisible()
  })

  it('refuses another amount at the field, without a request', async () => {
    const { user, fetch, amount, submit } = await setup({
      usage: activeUsage,
      creditOverrides: { alphabet: creditOf('alphabetZero') },
    })
    await user.clear(amount)
    await user.type(amount, limits.max)
    await user.click(submit)
    const message = m.deposit_validation_amount_promotion({
      amount: formatMoney(activeUsage.terms.depositAmount, 'LAK'),
    })
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(expect.stringContaining(message)),
    )
    expect(fetch.to('/v2/deposits')).toHaveLength(0)
  })

  it('blocks the deposit while the credit is at or above the threshold (PROMOTION_CREDIT_USED)', async () => {
    const used = creditOf('alphabetUsedPromotion')
    const { user, fetch, submit } = await setup({
      usage: activeUsage,
      creditOverrides: { alphabet: used },
    })
    const message = errorMessages.PROMOTION_CREDIT_USED({
      provider: used.provider,
      credit: used.credit.amount,
      threshold: activeUsage.terms.creditThreshold,
      currency: used.credit.currency,
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(message).toContain(formatMoney(activeUsage.terms.creditThreshold, 'THB'))
    await user.click(submit)
    expect(fetch.to('/v2/deposits')).toHaveLength(0)
  })
})

describe('DepositForm: every refusal of createDeposit is shown', () => {
  it.each([
    [422, 'DEPOSIT_AMOUNT_TOO_LOW'],
    [422, 'DEPOSIT_AMOUNT_TOO_HIGH'],
    [422, 'DEPOSIT_AMOUNT_MUST_EQUAL_PROMOTION'],
    [422, 'PROMOTION_CREDIT_USED'],
    [422, 'BANK_ACCOUNT_REQUIRED'],
    [422, 'IDEMPOTENCY_KEY_REUSED'],
    [409, 'OPEN_ORDER'],
    [409, 'IDEMPOTENCY_KEY_IN_PROGRESS'],
    [400, 'VALIDATION_FAILED'],
  ] as const)('%s %s', async (status, name) => {
    const body: OperationErrorBody<'createDeposit'> = example('createDeposit', status, name)
    const { user, amount, submit } = await setup({
      create: ({ response }) => response(status).json(body),
    })
    await user.click(screen.getByRole('radio', { name: /AskMeBet/ }))
    await user.type(amount, openOrder.amount)
    await user.click(submit)
    const details: AnyErrorDetails | undefined = 'details' in body ? body.details : undefined
    const message = messageForCode(body.code, details as never)
    await waitFor(() =>
      expect(screen.getAllByText(message, { exact: false }).length).toBeGreaterThan(0),
    )
    // Amounts of the details are formatted, never raw.
    for (const key of ['min', 'max', 'amount', 'threshold'] as const) {
      const value = details?.[key]
      if (value && details?.currency) {
        expect(message).toContain(formatMoney(value, details.currency))
      }
    }
  })
})

describe('DepositForm: 429 RATE_LIMITED with Retry-After', () => {
  // Only the countdown's clock is fake: user-event, React and Testing Library keep real time.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

  it('counts down with the submit disabled, then the press sends the same Idempotency-Key', async () => {
    let calls = 0
    const { user, fetch, amount, submit, onCreated } = await setup({
      create: ({ response }) =>
        ++calls === 1
          ? response.untyped(rateLimited('createDeposit'))
          : response(201).json(openOrder),
    })
    await user.click(screen.getByRole('radio', { name: /AskMeBet/ }))
    await user.type(amount, openOrder.amount)
    await user.click(submit)

    const wait = RETRY_AFTER_EXAMPLE
    const start = m.errors_rate_limited_wait({ seconds: wait })
    expect(await screen.findByRole('status')).toHaveTextContent(start)
    expect(submit).toBeDisabled()
    await tick((wait - 1) * 1000)
    expect(
      screen.getByText(m.errors_rate_limited_wait({ seconds: 1 }), { ignore: '[role=status]' }),
    ).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent(start)
    expect(submit).toBeDisabled()
    await tick(1000)
    expect(screen.getByRole('status')).toHaveTextContent(m.errors_rate_limited_over())
    expect(submit).toBeEnabled()

    await user.click(submit)
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(openOrder))
    const [first, second] = fetch.to('/v2/deposits')
    expect(fetch.to('/v2/deposits')).toHaveLength(2)
    expect(second!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'))
  })
})
