import { act, screen, waitFor, within } from '@testing-library/react'
import jsQR from 'jsqr'
import { describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { OpenOrder } from '~/features/deposit/open-order'
import { playerCreditQueryOptions, providerCreditQueryOptions } from '~/lib/api/credits'
import { errorMessages } from '~/domain/error-messages'
import { formatMoney } from '~/domain/format'
import { toastQueue } from '~/ui/toast'
import { renderWithProviders } from '../../helpers/render'
import { example, http, mockApi, rateLimited, RETRY_AFTER_EXAMPLE } from '../../helpers/api'
import { canceled, laoQr, notPaid, openOrder, paid } from './fixtures'

const base = `/v2/deposits/${openOrder.id}`
type Resolver<Path extends '/v2/deposits/{orderId}/check' | '/v2/deposits/{orderId}/cancel'> =
  Parameters<typeof http.post<Path>>[1]
type Routes = {
  check?: Resolver<'/v2/deposits/{orderId}/check'>
  cancel?: Resolver<'/v2/deposits/{orderId}/cancel'>
  qr?: Parameters<typeof http.get<'/v2/deposits/{orderId}/laoqr'>>[1]
}

const defaults: Required<Routes> = {
  qr: ({ response }) => response(200).json(laoQr),
  check: ({ response }) => response(200).json(notPaid),
  cancel: ({ response }) => response(200).json(canceled),
}

/** Answers for this order only: another order's id is a stray call. */
async function setup(routes: Routes = {}) {
  const { qr, check, cancel } = { ...defaults, ...routes }
  const fetch = mockApi(
    http.get('/v2/deposits/{orderId}/laoqr', (info) =>
      info.params.orderId === openOrder.id ? qr(info) : undefined,
    ),
    http.post('/v2/deposits/{orderId}/check', (info) =>
      info.params.orderId === openOrder.id ? check(info) : undefined,
    ),
    http.post('/v2/deposits/{orderId}/cancel', (info) =>
      info.params.orderId === openOrder.id ? cancel(info) : undefined,
    ),
  )
  const onPaid = vi.fn()
  const onClosed = vi.fn()
  const view = await renderWithProviders(
    <OpenOrder order={openOrder} onPaid={onPaid} onClosed={onClosed} />,
  )
  return { ...view, fetch, onPaid, onClosed }
}

/**
 * Rasterises the rendered QR (qrcode.react draws each dark run as `M x y h w v1 H x z` in a
 * viewBox of modules) at 8 px a module, white elsewhere, as RGBA pixels a scanner reads.
 */
function rasterise(svg: SVGSVGElement) {
  const modules = Number(svg.getAttribute('viewBox')?.split(' ')[2])
  const scale = 8
  const size = modules * scale
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255)
  const dark = svg.querySelectorAll('path')[1]?.getAttribute('d') ?? ''
  for (const [, x, y, w] of dark.matchAll(/M(\d+)[ ,](\d+)\s*h(\d+)v1H\d+z/g)) {
    for (let row = Number(y) * scale; row < (Number(y) + 1) * scale; row++) {
      for (let col = Number(x) * scale; col < (Number(x) + Number(w)) * scale; col++) {
        pixels.fill(0, (row * size + col) * 4, (row * size + col) * 4 + 3)
      }
    }
  }
  return { pixels, size }
}

describe('OpenOrder', () => {
  it('renders the contract’s Lao QR so that a scanner reads the same payload', async () => {
    await setup()
    const amount = formatMoney(openOrder.amount, openOrder.currency)
    const image = await screen.findByRole('img', { name: m.deposit_qr_label({ amount }) })
    const { pixels, size } = rasterise(image as unknown as SVGSVGElement)
    const decoded = jsQR(pixels, size, size)
    expect(decoded?.data).toBe(laoQr.qr)
    expect(laoQr.qr).toMatch(/^000201/)
  })

  it('shows the order: amount, credit, provider, status and time left', async () => {
    await setup()
    expect(screen.getByText(formatMoney(openOrder.amount, 'LAK'))).toBeVisible()
    expect(screen.getAllByText(formatMoney(openOrder.credit, 'THB')).length).toBeGreaterThan(0)
    expect(screen.getByText('AskMeBet')).toBeVisible()
    expect(screen.getByText(m.status_order_open())).toBeVisible()
    expect(screen.getByText(openOrder.transactionCode)).toBeVisible()
    expect(screen.getByText(m.deposit_order_time_left())).toBeVisible()
  })

  it('check while unpaid says to scan the QR', async () => {
    const { user, onPaid, fetch } = await setup()
    await user.click(screen.getByRole('button', { name: m.deposit_check() }))
    expect(await screen.findByText(m.deposit_check_not_paid())).toBeVisible()
    expect(onPaid).not.toHaveBeenCalled()
    expect(fetch.to(`${base}/check`)).toHaveLength(1)
  })

  it('check when paid reports it and refetches every credit query', async () => {
    const { user, onPaid, queryClient } = await setup({
      check: ({ response }) => response(200).json(paid),
    })
    const general = playerCreditQueryOptions().queryKey
    const gclub = providerCreditQueryOptions('gclub').queryKey
    queryClient.setQueryData(general, { credit: { amount: '1.00', currency: 'THB' } })
    queryClient.setQueryData(gclub, {
      provider: 'gclub',
      credit: { amount: '1.00', currency: 'THB' },
    })
    await user.click(screen.getByRole('button', { name: m.deposit_check() }))
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid))
    expect(queryClient.getQueryState(general)?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(gclub)?.isInvalidated).toBe(true)
  })

  it('cancel checks first, asks, then cancels once with an Idempotency-Key', async () => {
    const { user, fetch, onClosed } = await setup()
    await user.click(screen.getByRole('button', { name: m.deposit_cancel() }))
    const dialog = await screen.findByRole('alertdialog', {
      name: m.deposit_cancel_confirm_title(),
    })
    expect(fetch.to(`${base}/check`)).toHaveLength(1)
    expect(fetch.to(`${base}/cancel`)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: m.deposit_cancel_confirm() }))
    await waitFor(() => expect(onClosed).toHaveBeenCalledWith(canceled))
    const cancels = fetch.to(`${base}/cancel`)
    expect(cancels).toHaveLength(1)
    expect(cancels[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('cancel of an order the check finds paid never asks to cancel', async () => {
    const { user, fetch, onPaid } = await setup({
      check: ({ response }) => response(200).json(paid),
    })
    await user.click(screen.getByRole('button', { name: m.deposit_cancel() }))
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(fetch.to(`${base}/cancel`)).toHaveLength(0)
  })

  // The check answers the order in every status (DepositStatus x-lifecycle): an order that
  // ended unpaid is a 200, said with the message of the code its lifecycle refuses with. (One
  // that expired stays on screen without its QR and offers a new order: auto-check.test.tsx.)
  it.each([['canceled', 'ORDER_ALREADY_FINAL']] as const)(
    'check answering the order %s says so and closes it',
    async (name, code) => {
      const ended = example('checkDeposit', 200, name)
      const { user, onClosed, onPaid } = await setup({
        check: ({ response }) => response(200).json(ended),
      })
      await user.click(screen.getByRole('button', { name: m.deposit_check() }))
      const message = (errorMessages[code] as (d?: object) => string)({
        expiresAt: ended.expiresAt,
      })
      await waitFor(() => expect(onClosed).toHaveBeenCalledWith(ended))
      // The page goes back to the form; the toast (rendered by the layout) carries the message.
      expect(toastQueue.visibleToasts.map((t) => t.content)).toEqual([
        { title: message, tone: 'error' },
      ])
      expect(onPaid).not.toHaveBeenCalled()
    },
  )

  it('check answering 404 ORDER_NOT_FOUND shows its message', async () => {
    const body = example('checkDeposit', 404, 'ORDER_NOT_FOUND')
    const { user } = await setup({ check: ({ response }) => response(404).json(body) })
    await user.click(screen.getByRole('button', { name: m.deposit_check() }))
    expect(await screen.findByText(errorMessages.ORDER_NOT_FOUND())).toBeVisible()
  })

  it('cancel refused as already paid shows it', async () => {
    const body = example('cancelDeposit', 409, 'ORDER_ALREADY_PAID')
    const { user } = await setup({ cancel: ({ response }) => response(409).json(body) })
    await user.click(screen.getByRole('button', { name: m.deposit_cancel() }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: m.deposit_cancel_confirm() }))
    expect(await screen.findByText(errorMessages.ORDER_ALREADY_PAID())).toBeVisible()
  })

  it('cancel answered 429 counts the wait down in the shared alert, Cancel off meanwhile', async () => {
    // Only the countdown's clock is fake: user-event, React and Testing Library keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    try {
      let calls = 0
      const { user, fetch, onClosed } = await setup({
        cancel: ({ response }) =>
          ++calls === 1
            ? response.untyped(rateLimited('cancelDeposit'))
            : response(200).json(canceled),
      })
      const wait = RETRY_AFTER_EXAMPLE
      const cancelButton = screen.getByRole('button', { name: m.deposit_cancel() })
      const cancelOnce = async () => {
        await user.click(cancelButton)
        const dialog = await screen.findByRole('alertdialog')
        await user.click(within(dialog).getByRole('button', { name: m.deposit_cancel_confirm() }))
      }
      await cancelOnce()
      const start = m.errors_rate_limited_wait({ seconds: wait })
      // The countdown's own status (the page's other one announces an expiry, empty here).
      const status = () => screen.getAllByRole('status').find((s) => s.textContent !== '')
      await vi.waitFor(() => expect(status()).toHaveTextContent(start))
      expect(screen.getByText(start, { ignore: '[role=status]' })).toBeVisible()
      expect(cancelButton).toBeDisabled()
      await act(() => vi.advanceTimersByTimeAsync(1000))
      const later = m.errors_rate_limited_wait({ seconds: wait - 1 })
      expect(screen.getByText(later, { ignore: '[role=status]' })).toBeVisible()

      await act(() => vi.advanceTimersByTimeAsync((wait - 1) * 1000))
      expect(status()).toHaveTextContent(m.errors_rate_limited_over())
      expect(cancelButton).toBeEnabled()
      await cancelOnce()
      await waitFor(() => expect(onClosed).toHaveBeenCalledWith(canceled))
      const keys = fetch.to(`${base}/cancel`).map((r) => r.headers.get('Idempotency-Key'))
      // A 429 is not a final answer: the retry is the same intent, with the same key.
      expect(keys).toHaveLength(2)
      expect(keys[1]).toBe(keys[0])
    } finally {
      vi.useRealTimers()
    }
  })

  it('a failed QR load (gateway page) says so, and Retry loads it', async () => {
    let up = false
    const { user } = await setup({
      // A gateway's page, outside the contract.
      qr: ({ response }) =>
        up
          ? response(200).json(laoQr)
          : response.untyped(new Response('<html>502</html>', { status: 502 })),
    })
    const retry = await screen.findByRole('button', { name: m.error_try_again() })
    expect(screen.getByText(errorMessages.UNEXPECTED_RESPONSE())).toBeVisible()
    up = true
    await user.click(retry)
    const amount = formatMoney(openOrder.amount, openOrder.currency)
    expect(await screen.findByRole('img', { name: m.deposit_qr_label({ amount }) })).toBeVisible()
  })
})
