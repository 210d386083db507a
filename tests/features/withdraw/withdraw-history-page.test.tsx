import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { WithdrawHistoryPage } from '~/features/withdraw/withdraw-history-page'
import { formatMoney } from '~/lib/format'
import { exampleOf } from '../../contract/spec'
import { byPath, jsonResponse, renderWithProviders, stubFetch } from '../../helpers/render'

const banks = exampleOf('listBanks', '200')
const everyStatus = exampleOf('listWithdraws', '200', 'everyStatus')
const page1 = exampleOf('listWithdraws', '200', 'history')
const empty = exampleOf('listWithdraws', '200', 'empty')

function setup(list: () => Response, page = 1) {
  const fetch = stubFetch(byPath({ '/v2/banks': () => jsonResponse(banks), '/v2/withdraws': list }))
  return { fetch, view: renderWithProviders(<WithdrawHistoryPage page={page} />) }
}

describe('WithdrawHistoryPage', { timeout: 20_000 }, () => {
  it('lists each order with its figures and its status in the spec colours', async () => {
    const { fetch } = setup(() => jsonResponse(everyStatus))
    await screen.findAllByRole('listitem')
    const items = screen.getAllByRole('listitem')
    expect(items).toHaveLength(6)
    const tones = items.map((item) => {
      const badge = item.querySelector('[data-status]')
      return [badge?.getAttribute('data-status'), badge?.getAttribute('data-tone')]
    })
    expect(tones).toEqual([
      ['OPEN', 'grey'],
      ['REJECTED', 'grey'],
      ['PAID', 'yellow'],
      ['SUCCESS', 'green'],
      ['FAILED', 'red'],
      ['CANCELED', 'red'],
    ])
    const first = within(items[0]!)
    expect(first.getByText(formatMoney('91500', 'LAK'))).toBeVisible()
    expect(first.getByText('GClub')).toBeVisible()
    expect(first.getByText('22/11/2026 10:45:00', { exact: false })).toBeInTheDocument()
    expect(new URL(fetch.to('/v2/withdraws')[0]!.url).searchParams.get('page')).toBe('1')
  })

  it('keeps the page in the URL: asks the page it was given and links the next', async () => {
    const { fetch } = setup(() => jsonResponse(page1))
    const next = await screen.findByRole('link', { name: m.pagination_next() })
    expect(next).toHaveAttribute('href', '/player/withdraw/history?page=2')
    expect(fetch.to('/v2/withdraws')).toHaveLength(1)
  })

  it('says when there is nothing yet, and leads to the withdraw page', async () => {
    setup(() => jsonResponse(empty))
    expect(await screen.findByText(m.withdraw_history_empty())).toBeVisible()
    expect(screen.getByRole('link', { name: m.withdraw_history_to_withdraw() })).toHaveAttribute(
      'href',
      '/player/withdraw',
    )
  })

  it('a failing list shows the reason and a retry that asks again', async () => {
    let answer = () => new Response('<html>502</html>', { status: 502 })
    const { fetch, view } = setup(() => answer())
    const { user } = await view
    const retry = await screen.findByRole('button', { name: m.error_try_again() })
    expect(screen.getByRole('alert')).toHaveTextContent(m.errors_unexpected_response())
    answer = () => jsonResponse(page1)
    await user.click(retry)
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(5))
    expect(fetch.to('/v2/withdraws').length).toBeGreaterThanOrEqual(2)
  })
})
