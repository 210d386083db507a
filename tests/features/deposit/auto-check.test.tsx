// The deposit page notices the payment by itself (issue 24 part 2): checkDeposit on the
// contract's x-auto-check schedule while the QR is on screen and the page visible, with fake
// timers (no real sleep; vi.waitFor moves them while it waits). The schedule's numbers are read from the contract, as the site does.
import { act, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { OpenOrder } from '~/features/deposit/open-order'
import { DepositPage } from '~/features/deposit/deposit-page'
import { DEPOSIT_AUTO_CHECK } from '~/lib/api/deposit'
import { playerCreditQueryOptions, providerCreditQueryOptions } from '~/lib/api/credits'
import { errorMessages } from '~/domain/error-messages'
import { formatMoney } from '~/domain/format'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'
import { renderWithProviders } from '../../helpers/render'
import { example, http, mockApi } from '../../helpers/api'
import { laoQr, notPaid, openOrder, paid } from './fixtures'

type Deposit = components['schemas']['Deposit']
type CheckResolver = Parameters<typeof http.post<'/v2/deposits/{orderId}/check'>>[1]

const SECOND = 1000
const { firstDelaySeconds, factor, maxDelaySeconds, maxChecks } = DEPOSIT_AUTO_CHECK
/** The waits the contract's x-auto-check describes: first, times factor each time, capped. */
const delays = Array.from(
  { length: maxChecks },
  (_, n) => Math.min(firstDelaySeconds * factor ** n, maxDelaySeconds) * SECOND,
)
const checkPath = `/v2/deposits/${openOrder.id}/check`
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

/** The page hidden or shown again, as a phone does when the player goes to the bank app. */
async function setVisible(visible: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (visible ? 'visible' : 'hidden'),
  })
  await act(async () => {
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
    await vi.advanceTimersByTimeAsync(0)
  })
}

// The QR's lazy module, loaded before the clock is faked: waiting for it must not move time.
beforeAll(async () => {
  await import('~/features/deposit/deposit-qr')
})

beforeEach(() => {
  vi.useFakeTimers({
    // The schedule (TanStack Query's refetchInterval) and the countdown run on setInterval;
    // setTimeout stays real for Testing Library's own waits.
    toFake: ['setInterval', 'clearInterval', 'Date'],
  })
})

afterEach(async () => {
  await setVisible(true)
  vi.useRealTimers()
})

/** OpenOrder of `order`, its QR answered, each check answered by `check` (default: not paid). */
async function setup({
  order = openOrder,
  check,
}: { order?: Deposit; check?: CheckResolver } = {}) {
  const fetch = mockApi(
    http.get('/v2/deposits/{orderId}/laoqr', ({ response }) => response(200).json(laoQr)),
    http.post(
      '/v2/deposits/{orderId}/check',
      check ?? (({ response }) => response(200).json({ ...notPaid, expiresAt: order.expiresAt })),
    ),
  )
  const onPaid = vi.fn()
  const onClosed = vi.fn()
  const view = await renderWithProviders(
    <OpenOrder order={order} onPaid={onPaid} onClosed={onClosed} />,
  )
  const checks = () => fetch.to(checkPath).length
  return { ...view, fetch, onPaid, onClosed, checks }
}

describe('the deposit page checks the order by itself', () => {
  it('backs off from the first delay to the cap: 5 s, 10 s, 20 s, 40 s, then 60 s', async () => {
    const { checks } = await setup()
    expect(delays.slice(0, 6)).toEqual([5, 10, 20, 40, 60, 60].map((s) => s * SECOND))
    // Nothing at mount: the order was just shown.
    expect(checks()).toBe(0)
    for (const [n, delay] of delays.slice(0, 8).entries()) {
      await tick(delay - 100)
      expect(checks(), `before check ${n + 1}`).toBe(n)
      await tick(100)
      expect(checks(), `at check ${n + 1}`).toBe(n + 1)
    }
    // The automatic checks say nothing when the order is still unpaid.
    expect(screen.queryByText(m.deposit_check_not_paid())).toBeNull()
    expect(screen.getByText(m.deposit_auto_check_on())).toBeVisible()
  })

  it('never checks while the page is hidden, and checks at once when it is shown again', async () => {
    const { checks } = await setup()
    await tick(delays[0]! + delays[1]! + delays[2]!)
    expect(checks()).toBe(3)
    await setVisible(false)
    await tick(10 * 60 * SECOND)
    expect(checks()).toBe(3)
    await setVisible(true)
    expect(checks()).toBe(4)
    // A new run of delays: the next check comes after the first delay again, not after 40 s.
    await tick(delays[0]! - 100)
    expect(checks()).toBe(4)
    await tick(100)
    expect(checks()).toBe(5)
  })

  it('stops at the bound (presses included); the button still checks', async () => {
    const { checks, user } = await setup()
    const total = delays.slice(0, maxChecks).reduce((a, b) => a + b, 0)
    await tick(total)
    expect(checks()).toBe(maxChecks)
    await tick(30 * 60 * SECOND)
    expect(checks()).toBe(maxChecks)
    expect(screen.getByText(m.deposit_auto_check_stopped())).toBeVisible()
    // Back on the page: no check either, the bound holds.
    await setVisible(false)
    await setVisible(true)
    expect(checks()).toBe(maxChecks)
    await user.click(screen.getByRole('button', { name: m.deposit_check() }))
    expect(await vi.waitFor(() => screen.getByText(m.deposit_check_not_paid()))).toBeVisible()
    expect(checks()).toBe(maxChecks + 1)
  })

  it('stops at PAID: the page is told, every credit is refetched, no check follows', async () => {
    let answered = 0
    const { checks, onPaid, queryClient } = await setup({
      check: ({ response }) => response(200).json(++answered >= 2 ? paid : notPaid),
    })
    const general = playerCreditQueryOptions().queryKey
    const askmebet = providerCreditQueryOptions('askmebet').queryKey
    queryClient.setQueryData(general, { credit: { amount: '1.00', currency: 'THB' } })
    queryClient.setQueryData(askmebet, {
      provider: 'askmebet',
      credit: { amount: '1.00', currency: 'THB' },
    })
    await tick(delays[0]! + delays[1]!)
    expect(checks()).toBe(2)
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid))
    expect(queryClient.getQueryState(general)?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(askmebet)?.isInvalidated).toBe(true)
    await tick(10 * 60 * SECOND)
    await setVisible(false)
    await setVisible(true)
    expect(checks()).toBe(2)
    expect(onPaid).toHaveBeenCalledTimes(1)
  })

  it('stops at a final status: a canceled order is said and closed once', async () => {
    const canceled = example('checkDeposit', 200, 'canceled')
    const { checks, onClosed } = await setup({
      check: ({ response }) => response(200).json(canceled),
    })
    await tick(delays[0]!)
    await vi.waitFor(() => expect(onClosed).toHaveBeenCalledWith(canceled))
    await tick(10 * 60 * SECOND)
    expect(checks()).toBe(1)
    expect(onClosed).toHaveBeenCalledTimes(1)
  })

  it('a press while an automatic check is in flight joins it: one request', async () => {
    let release: () => void = () => undefined
    const { checks, user } = await setup({
      check: async ({ response }) => {
        await new Promise<void>((resolve) => (release = resolve))
        return response(200).json(notPaid)
      },
    })
    await tick(delays[0]!)
    expect(checks()).toBe(1)
    const button = screen.getByRole('button', { name: m.deposit_check() })
    await user.click(button)
    await tick(0)
    expect(checks()).toBe(1)
    await act(async () => release())
    expect(await vi.waitFor(() => screen.getByText(m.deposit_check_not_paid()))).toBeVisible()
    expect(checks()).toBe(1)
  })

  it('an automatic check while a press is in flight is not sent', async () => {
    let release: () => void = () => undefined
    const { checks, user } = await setup({
      check: async ({ response }) => {
        await new Promise<void>((resolve) => (release = resolve))
        return response(200).json(notPaid)
      },
    })
    await tick(delays[0]! - 1000)
    await user.click(screen.getByRole('button', { name: m.deposit_check() }))
    expect(checks()).toBe(1)
    // The automatic check falls due while the press waits for its answer.
    await tick(2000)
    await setVisible(false)
    await setVisible(true)
    expect(checks()).toBe(1)
    await act(async () => release())
    expect(await vi.waitFor(() => screen.getByText(m.deposit_check_not_paid()))).toBeVisible()
  })
})

describe('expiry', () => {
  it('withdraws the QR when the countdown reaches zero, checks once more, offers a new order', async () => {
    const order = { ...openOrder, expiresAt: iso(Date.now() + 30 * SECOND) }
    const { checks, onClosed, user } = await setup({ order })
    const qr = m.deposit_qr_label({ amount: formatMoney(order.amount, order.currency) })
    expect(await vi.waitFor(() => screen.getByRole('img', { name: qr }))).toBeVisible()
    await tick(29 * SECOND)
    expect(screen.getByRole('img', { name: qr })).toBeVisible()
    const before = checks()
    await tick(1 * SECOND)
    expect(screen.queryByRole('img', { name: qr })).toBeNull()
    expect(screen.queryByRole('button', { name: m.deposit_qr_save() })).toBeNull()
    expect(screen.queryByRole('button', { name: m.deposit_check() })).toBeNull()
    expect(screen.getByRole('heading', { name: m.deposit_expired_title() })).toBeVisible()
    // One last check at expiry (a payment received before it still counts), then none.
    await vi.waitFor(() => expect(checks()).toBe(before + 1))
    await tick(10 * 60 * SECOND)
    expect(checks()).toBe(before + 1)
    // Announced to screen readers.
    const expiredText = errorMessages.ORDER_EXPIRED({
      orderKind: 'deposit',
      orderId: order.id,
      status: order.status,
      expiresAt: order.expiresAt,
    })
    expect(screen.getByRole('status')).toHaveTextContent(expiredText)
    await user.click(screen.getByRole('button', { name: m.deposit_new() }))
    expect(onClosed).toHaveBeenCalledTimes(1)
  })

  it('expired while hidden: the last check waits for the page to be shown', async () => {
    const order = { ...openOrder, expiresAt: iso(Date.now() + 30 * SECOND) }
    const { checks } = await setup({ order })
    await tick(20 * SECOND)
    const before = checks()
    await setVisible(false)
    await tick(60 * SECOND)
    expect(checks()).toBe(before)
    await setVisible(true)
    expect(screen.getByRole('heading', { name: m.deposit_expired_title() })).toBeVisible()
    await vi.waitFor(() => expect(checks()).toBe(before + 1))
  })

  it('paid at the last check: the payment before expiry counts', async () => {
    const order = { ...openOrder, expiresAt: iso(Date.now() + 3 * SECOND) }
    const { onPaid } = await setup({
      order,
      check: ({ response }) => response(200).json(paid),
    })
    await tick(3 * SECOND)
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid))
  })

  it('a check answering the order expired (CANCELED, EXPIRED) withdraws the QR too', async () => {
    const expired = example('checkDeposit', 200, 'expired')
    const { user, onClosed } = await setup({
      check: ({ response }) => response(200).json(expired),
    })
    await user.click(screen.getByRole('button', { name: m.deposit_check() }))
    expect(
      await vi.waitFor(() => screen.getByRole('heading', { name: m.deposit_expired_title() })),
    ).toBeVisible()
    expect(screen.queryByRole('img', { name: /QR/ })).toBeNull()
    expect(
      screen.getByText(
        errorMessages.ORDER_EXPIRED({
          orderKind: 'deposit',
          orderId: expired.id,
          status: expired.status,
          expiresAt: expired.expiresAt,
        }),
      ),
    ).toBeVisible()
    expect(onClosed).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: m.deposit_new() }))
    expect(onClosed).toHaveBeenCalledWith(expired)
  })
})

describe('the deposit page when the order turns paid by itself', () => {
  it('shows the paid state with both credits refetched, and announces it', async () => {
    const listOpen = example('listOpenDeposits', 200, 'oneOpen')
    const open = listOpen.deposits[0]!
    let paidYet = false
    const credit = (amount: string) => ({ amount, currency: 'THB' as const })
    const fetch = mockApi(
      http.get('/v2/deposits/open', ({ response }) =>
        response(200).json(paidYet ? example('listOpenDeposits', 200, 'empty') : listOpen),
      ),
      http.get('/v2/players/bank-accounts', ({ response }) =>
        response(200).json(example('listBankAccounts', 200)),
      ),
      http.get('/v2/agency/info', ({ response }) =>
        response(200).json(example('getAgencyInfo', 200)),
      ),
      http.get('/v2/rates', ({ response }) =>
        response(200).json(example('listCurrencyRates', 200)),
      ),
      http.get('/v2/players/promotions/using', ({ response }) =>
        response(200).json(example('getCurrentPromotion', 200)),
      ),
      http.get('/v2/banks', ({ response }) => response(200).json(example('listBanks', 200))),
      http.get('/v2/deposits/{orderId}/laoqr', ({ response }) => response(200).json(laoQr)),
      http.post('/v2/deposits/{orderId}/check', ({ response }) => {
        paidYet = true
        return response(200).json({ ...paid, id: open.id, provider: open.provider })
      }),
      http.get('/v2/players/credits/{provider}', ({ params, response }) =>
        response(200).json({
          provider: params.provider,
          credit: credit(paidYet ? '1212.50' : '412.50'),
        }),
      ),
      http.get('/v2/players/credit', ({ response }) =>
        response(200).json({ credit: credit(paidYet ? '2630.50' : '1830.50') }),
      ),
    )
    await renderWithProviders(<DepositPage />)
    expect(
      await vi.waitFor(() => screen.getByRole('heading', { name: m.deposit_open_title() })),
    ).toBeVisible()
    const paidAnnouncement = () =>
      screen
        .getAllByRole('status')
        .find((node) => node.textContent?.includes(m.deposit_paid_title()))
    expect(paidAnnouncement()).toBeUndefined()
    await tick(delays[0]!)
    expect(
      await vi.waitFor(() => screen.getByRole('heading', { name: m.deposit_paid_title() })),
    ).toBeVisible()
    const provider = PROVIDER_NAMES[open.provider]
    const providerRow = m.deposit_paid_provider_credit({ provider })
    await vi.waitFor(() =>
      expect(screen.getByText(providerRow).nextSibling).toHaveTextContent(
        formatMoney('1212.50', 'THB'),
      ),
    )
    await vi.waitFor(() =>
      expect(screen.getByText(m.deposit_paid_general_credit()).nextSibling).toHaveTextContent(
        formatMoney('2630.50', 'THB'),
      ),
    )
    expect(paidAnnouncement()?.textContent).toContain(
      m.deposit_paid_text({
        credit: formatMoney(paid.totalCredit, paid.creditCurrency),
        provider,
      }),
    )
    expect(fetch.to(`/v2/deposits/${open.id}/check`)).toHaveLength(1)
    expect(fetch.to('/v2/players/credit').length).toBeGreaterThan(0)
  })
})
