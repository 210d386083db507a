import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { WithdrawHistoryPage } from '~/features/withdraw/withdraw-history-page'
import { formatMoney } from '~/domain/format'
import { example, http, mockApi } from '../../helpers/api'
import { renderWithProviders } from '../../helpers/render'

const banks = example('listBanks', 200)
const everyStatus = example('listWithdraws', 200, 'everyStatus')
const page1 = example('listWithdraws', 200, 'history')
const empty = example('listWithdraws', 200, 'empty')

function setup(list: Parameters<typeof http.get<'/v2/withdraws'>>[1], page = 1) {
  const fetch = mockApi(
    http.get('/v2/banks', ({ response }) => response(200).json(banks)),
    http.get('/v2/withdraws', list),
  )
  return { fetch, view: renderWithProviders(<WithdrawHistoryPage page={page} />) }
}

describe('WithdrawHistoryPage', () => {
  it('lists each order with its figures and its status in the spec colours', async () => {
    const { fetch } = setup(({ response }) => response(200).json(everyStatus))
    await screen.findAllByRole('listitem')
    const items = screen.getAllByRole('listitem')
    expect(items).toHaveLength(4)
    const tones = items.map((item) => {
      const badge = item.querySelector('[data-status]')
      return [badge?.getAttribute('data-status'), badge?.getAttribute('data-tone')]
    })
    expect(tones).toEqual([
      ['OPEN', 'grey'],
      ['REJECTED', 'grey'],
      ['SUCCESS', 'green'],
      ['FAILED', 'red'],
    ])
    const first = within(items[0]!)
    expect(first.getByText(formatMoney('91500', 'LAK'))).toBeVisible()
    expect(first.getByText('GClub')).toBeVisible()
    expect(first.getByText('22/11/2026 10:45:00', { exact: false })).toBeInTheDocument()
    expect(new URL(fetch.to('/v2/withdraws')[0]!.url).searchParams.get('page')).toBe('1')
  })

  it('keeps the page in the URL: asks the page it was given and links the next', async () => {
    const { fetch } = setup(({ response }) => response(200).json(page1))
    const next = await screen.findByRole('link', { name: m.pagination_next() })
    expect(next).toHaveAttribute('href', '/player/withdraw/history?page=2')
    expect(fetch.to('/v2/withdraws')).toHaveLength(1)
  })

  it('says when there is nothing yet, and leads to the withdraw page', async () => {
    setup(({ response }) => response(200).json(empty))
    expect(await screen.findByText(m.withdraw_history_empty())).toBeVisible()
    expect(screen.getByRole('link', { name: m.withdraw_history_to_withdraw() })).toHaveAttribute(
      'href',
      '/player/withdraw',
    )
  })

  it('a failing list shows the reason and a retry that asks again', async () => {
    // A gateway's page, outside the contract: the app must not take it for the API's answer.
    let up = false
    const { fetch, view } = setup(({ response }) =>
      up
        ? response(200).json(page1)
        : response.untyped(new Response('<html>502</html>', { status: 502 })),
    )
    const { user } = await view
    const retry = await screen.findByRole('button', { name: m.error_try_again() })
    expect(screen.getByRole('alert')).toHaveTextContent(m.errors_unexpected_response())
    up = true
    await user.click(retry)
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(5))
    expect(fetch.to('/v2/withdraws').length).toBeGreaterThanOrEqual(2)
  })
})
