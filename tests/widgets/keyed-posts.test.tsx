// The submit protocol of the contract's seven keyed POSTs, proved the same on every screen that
// sends one: the same table of answers goes through each screen, pressed twice, and the second
// press must go with the same Idempotency-Key unless the first got a final answer. A third case
// holds the answer and presses twice: one request.
import { act, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OperationId } from '~generated/api/operations'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { BankPage } from '~/features/bank/bank-page'
import { DepositForm } from '~/features/deposit/deposit-form'
import { OpenOrder } from '~/features/deposit/open-order'
import { ProviderGamesPage } from '~/features/games/provider-games-page'
import { CurrentPromotionCard } from '~/features/promotions/current-promotion-card'
import { PromotionDetailPage } from '~/features/promotions/promotion-detail-page'
import { WithdrawForm } from '~/features/withdraw/withdraw-form'
import { QUOTE_DEBOUNCE_MS } from '~/features/withdraw/withdraw-quote'
import { exampleOf } from '../contract/spec'
import { example, http, mockApi } from '../helpers/api'
import { renderWithProviders } from '../helpers/render'
import { inForce, stubPromotionApi, weekend } from '../features/promotions/promotion-stubs'

type Provider = components['schemas']['Provider']
type User = Awaited<ReturnType<typeof renderWithProviders>>['user']

/** One answer of the table: what the keyed POST gets, and whether it is final for the key. */
type Answer = { name: string; final: boolean; reply: (operationId: OperationId) => Response }

/**
 * The contract's own examples where it has one; untyped only because one table serves seven
 * paths. A network failure and a gateway's timeout page are outside the contract by nature.
 */
const contractAnswer = (status: number, name?: string) => (operationId: OperationId) =>
  HttpResponse.json(exampleOf(operationId, String(status), name) as object, { status })

const ANSWERS: Answer[] = [
  { name: 'no network', final: false, reply: () => HttpResponse.error() as Response },
  {
    name: "a gateway's timeout page (504)",
    final: false,
    reply: () => new HttpResponse('<html>gateway timeout</html>', { status: 504 }),
  },
  { name: '500 INTERNAL_ERROR', final: false, reply: contractAnswer(500) },
  {
    name: '409 IDEMPOTENCY_KEY_IN_PROGRESS',
    final: false,
    reply: contractAnswer(409, 'IDEMPOTENCY_KEY_IN_PROGRESS'),
  },
  { name: '429 RATE_LIMITED', final: false, reply: contractAnswer(429, 'RATE_LIMITED') },
  {
    name: '422 IDEMPOTENCY_KEY_REUSED (a final answer)',
    final: true,
    reply: contractAnswer(422, 'IDEMPOTENCY_KEY_REUSED'),
  },
]

type Screen = {
  operationId: OperationId
  /** The POST's path as sent (path parameters filled in). */
  path: string
  /** The screen's other calls, answered with the contract's examples. */
  world: (post: () => Response | Promise<Response>) => void
  ui: () => ReactNode
  /** Fills what the press needs (a provider, an amount...). */
  prepare?: (user: User) => Promise<void>
  /** One press of the intent, from wherever the screen stands after the last answer. */
  press: (user: User, options?: { double?: boolean }) => Promise<void>
  /** Waits until the screen shows the failure (the press is over). */
  failed: () => Promise<unknown>
}

const click = (user: User, element: Element, double?: boolean) =>
  double ? user.dblClick(element) : user.click(element)

const deposit = exampleOf<components['schemas']['Deposit']>('createDeposit', '201', 'open')
const agency = example('getAgencyInfo', 200)
const bankAccount = example('listBankAccounts', 200).bankAccounts[0]!

const SCREENS: Screen[] = [
  {
    operationId: 'createDeposit',
    path: '/v2/deposits',
    world: (post) =>
      mockApi(
        http.get('/v2/players/credits/{provider}', ({ params, response }) =>
          response(200).json({ ...example('getProviderCredit', 200), provider: params.provider }),
        ),
        http.post('/v2/deposits', async ({ response }) => response.untyped(await post())),
      ),
    ui: () => (
      <DepositForm
        agency={agency}
        account={bankAccount}
        bank={undefined}
        rates={example('listCurrencyRates', 200).rates}
        usage={null}
        onCreated={() => undefined}
      />
    ),
    prepare: async (user) => {
      await user.click(await screen.findByRole('radio', { name: /AskMeBet/ }))
      await user.type(
        screen.getByRole('textbox', {
          name: m.deposit_field_amount({ currency: agency.limits.deposit.currency }),
        }),
        deposit.amount,
      )
    },
    press: (user, options) =>
      click(user, screen.getByRole('button', { name: m.deposit_submit() }), options?.double),
    failed: () => screen.findByRole('alert'),
  },
  {
    operationId: 'cancelDeposit',
    path: `/v2/deposits/${deposit.id}/cancel`,
    world: (post) =>
      mockApi(
        http.get('/v2/deposits/{orderId}/laoqr', ({ response }) =>
          response(200).json(example('getDepositLaoQr', 200, 'open')),
        ),
        http.post('/v2/deposits/{orderId}/check', ({ response }) =>
          response(200).json(example('checkDeposit', 200, 'notPaid')),
        ),
        http.post('/v2/deposits/{orderId}/cancel', async ({ response }) =>
          response.untyped(await post()),
        ),
      ),
    ui: () => <OpenOrder order={deposit} onPaid={() => undefined} onClosed={() => undefined} />,
    press: async (user, options) => {
      await user.click(screen.getByRole('button', { name: m.deposit_cancel() }))
      const dialog = await screen.findByRole('alertdialog')
      const confirm = within(dialog).getByRole('button', { name: m.deposit_cancel_confirm() })
      await click(user, confirm, options?.double)
    },
    // The dialog closes and the order says why it was not canceled.
    failed: () => waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull()),
  },
  {
    operationId: 'addBankAccount',
    path: '/v2/players/bank-accounts',
    world: (post) =>
      mockApi(
        http.get('/v2/banks', ({ response }) => response(200).json(example('listBanks', 200))),
        http.get('/v2/players/bank-accounts', ({ response }) =>
          response(200).json(example('listBankAccounts', 200, 'empty')),
        ),
        http.get('/v2/players/info', ({ response }) =>
          response(200).json(example('getPlayerInfo', 200)),
        ),
        http.post('/v2/players/bank-accounts', async ({ response }) =>
          response.untyped(await post()),
        ),
      ),
    ui: () => <BankPage />,
    prepare: async (user) => {
      await user.click(await screen.findByRole('radio', { name: /Joint Development Bank/ }))
      const field = (name: string) => screen.getByRole('textbox', { name })
      await user.type(field(m.bank_field_account_number()), '200012345678')
      await user.type(field(m.bank_field_account_name()), 'KEO VONGSA')
      await user.type(field(m.bank_field_owner()), 'Keo Vongsa')
    },
    press: (user, options) =>
      click(user, screen.getByRole('button', { name: m.bank_submit() }), options?.double),
    failed: () => screen.findByRole('alert'),
  },
  {
    operationId: 'createWithdraw',
    path: '/v2/withdraws',
    world: (post) =>
      mockApi(
        http.get('/v2/rates', ({ response }) =>
          response(200).json(example('listCurrencyRates', 200)),
        ),
        http.get('/v2/withdraws/quote', ({ response }) =>
          response(200).json(example('quoteWithdraw', 200, 'gclub')),
        ),
        http.get('/v2/players/credits/{provider}', ({ params, response }) =>
          response(200).json({
            provider: params.provider as Provider,
            credit: { amount: '1180.00', currency: 'THB' },
          }),
        ),
        http.post('/v2/withdraws', async ({ response }) => response.untyped(await post())),
      ),
    ui: () => (
      <WithdrawForm
        account={bankAccount}
        bank={undefined}
        limits={agency.limits}
        usage={null}
        onCreated={() => undefined}
      />
    ),
    prepare: async (user) => {
      await user.click(await screen.findByRole('radio', { name: /^GClub\b(?! Live)/ }))
      await user.type(
        screen.getByRole('textbox', { name: m.withdraw_credit_label({ currency: 'THB' }) }),
        '150',
      )
      await act(() => vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS + 10))
    },
    press: (user, options) =>
      click(user, screen.getByRole('button', { name: m.withdraw_submit() }), options?.double),
    failed: () => screen.findByRole('alert'),
  },
  {
    operationId: 'usePromotion',
    path: '/v2/promotions/use',
    world: (post) =>
      stubPromotionApi(
        http.post('/v2/promotions/use', async ({ response }) => response.untyped(await post())),
      ),
    ui: () => <PromotionDetailPage promotionId={weekend.id} />,
    prepare: async (user) => {
      await user.click(await screen.findByRole('radio', { name: 'AskMeBet' }))
    },
    press: async (user, options) =>
      click(
        user,
        await screen.findByRole('button', { name: m.promotion_claim() }),
        options?.double,
      ),
    failed: () => screen.findByRole('alert'),
  },
  {
    operationId: 'cancelPromotionUsage',
    path: '/v2/promotions/usages/cancel',
    world: (post) =>
      stubPromotionApi(
        inForce('used'),
        http.post('/v2/promotions/usages/cancel', async ({ response }) =>
          response.untyped(await post()),
        ),
      ),
    ui: () => <CurrentPromotionCard />,
    press: async (user, options) => {
      // After a failure the dialog stays open with the reason: the player presses again there.
      if (!screen.queryByRole('alertdialog')) {
        const card = await screen.findByRole('region', { name: m.promotion_current_title() })
        await user.click(within(card).getByRole('button', { name: m.promotion_cancel() }))
      }
      const dialog = await screen.findByRole('alertdialog')
      const confirm = within(dialog).getByRole('button', { name: m.promotion_cancel_confirm() })
      await click(user, confirm, options?.double)
    },
    failed: () => screen.findByRole('alert'),
  },
  {
    operationId: 'openGame',
    path: '/v2/games/open',
    world: (post) =>
      mockApi(
        http.get('/v2/players/credits/{provider}', ({ response }) =>
          response(200).json(example('getProviderCredit', 200, 'askmebet')),
        ),
        http.get('/v2/games', ({ response }) =>
          response(200).json(example('listGames', 200, 'askmebet')),
        ),
        http.post('/v2/games/open', async ({ response }) => response.untyped(await post())),
      ),
    ui: () => (
      <ProviderGamesPage
        provider="askmebet"
        tab="Slot"
        onTabChange={() => undefined}
        launch={() => undefined}
      />
    ),
    press: async (user, options) => {
      // After a failure its dialog says why: the player closes it and taps the game again.
      const dialog = screen.queryByRole('alertdialog')
      if (dialog) {
        await user.click(within(dialog).getByRole('button', { name: m.layout_close() }))
        await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
      }
      const play = await screen.findByRole('button', {
        name: m.game_play_named({ name: 'Golden Naga' }),
      })
      await click(user, play, options?.double)
    },
    failed: () => screen.findByRole('alertdialog'),
  },
]

async function open(screenUnderTest: Screen, post: () => Response | Promise<Response>) {
  screenUnderTest.world(post)
  const view = await renderWithProviders(screenUnderTest.ui(), {
    advanceTimers: (ms) => vi.advanceTimersByTime(ms),
  })
  await screenUnderTest.prepare?.(view.user)
  return view
}

/** The keys of the POSTs the screen sent, in order. */
const sentKeys = (api: ReturnType<typeof mockApi>, path: string) =>
  api
    .to(path)
    .filter((request) => request.method === 'POST')
    .map((request) => request.headers.get('Idempotency-Key'))

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
})
afterEach(() => {
  vi.useRealTimers()
})

// Each case renders a whole screen and presses twice: slow on a loaded 2-core machine.
describe.each(SCREENS)('$operationId: the submit protocol', (under) => {
  it.each(ANSWERS)('after $name', async ({ reply, final }) => {
    const api = mockApi()
    const { user } = await open(under, () => reply(under.operationId))
    await under.press(user)
    await under.failed()
    await under.press(user)
    await waitFor(() => expect(sentKeys(api, under.path)).toHaveLength(2))
    const [first, second] = sentKeys(api, under.path)
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    if (final) expect(second, 'a new intent after a final answer').not.toBe(first)
    else expect(second, 'the retry of the same intent').toBe(first)
  })

  it('sends one request while a press is in flight', async () => {
    let release = () => {}
    const api = mockApi()
    const { user } = await open(under, async () => {
      await new Promise<void>((resolve) => (release = resolve))
      return contractAnswer(500)(under.operationId)
    })
    await under.press(user, { double: true })
    await waitFor(() => expect(sentKeys(api, under.path)).toHaveLength(1))
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(sentKeys(api, under.path)).toHaveLength(1)
    release()
    await under.failed()
    expect(sentKeys(api, under.path)).toHaveLength(1)
  })
})
