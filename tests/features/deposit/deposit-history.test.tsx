import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { DepositHistoryPage } from '~/features/deposit/deposit-history'
import { errorMessages } from '~/domain/error-messages'
import { formatDateTime, formatMoney } from '~/domain/format'
import { HttpResponse } from 'msw'
import { renderWithProviders } from '../../helpers/render'
import { example, http, mockApi, outsideContractExample } from '../../helpers/api'
import { banks } from './fixtures'

const page = (name: string) => example('listDeposits', 200, name)

async function setup(answer: Parameters<typeof http.get<'/v2/deposits'>>[1], at = 1) {
  const fetch = mockApi(
    http.get('/v2/deposits', answer),
    http.get('/v2/banks', ({ response }) => response(200).json({ banks })),
  )
  const view = await renderWithProviders(<DepositHistoryPage page={at} />)
  return { ...view, fetch }
}

describe('DepositHistoryPage', () => {
  it('lists each order with its figures, date and status colour, unknown status raw and grey', async () => {
    const every = page('everyStatus')
    const unknown = outsideContractExample('listDeposits', 200, 'unknownStatus') as {
      items: unknown[]
    }
    // A status the contract does not list yet (decision 005): outside the contract on purpose.
    await setup(({ response }) =>
      response.untyped(
        HttpResponse.json({ ...every, items: [...every.items, ...unknown.items.slice(0, 1)] }),
      ),
    )
    const rows = await screen.findAllByRole('listitem')
    const first = every.items[0]!
    expect(within(rows[0]!).getByText(formatMoney(first.amount, 'LAK'))).toBeVisible()
    expect(within(rows[0]!).getByText(first.transactionCode)).toBeVisible()
    expect(within(rows[0]!).getByText(formatDateTime(first.createdAt))).toBeVisible()
    const tones = Object.fromEntries(
      [...document.querySelectorAll('[data-status]')].map((el) => [
        el.getAttribute('data-status'),
        el.getAttribute('data-tone'),
      ]),
    )
    expect(tones).toMatchObject({
      OPEN: 'grey',
      CANCELED: 'red',
      PAID: 'yellow',
      SUCCESS: 'green',
      FAILED: 'red',
      ON_HOLD: 'grey',
    })
    expect(screen.getByText('ON_HOLD')).toBeVisible()
  })

  it('asks for the page in the URL and links to the others', async () => {
    const { fetch } = await setup(({ response }) => response(200).json(page('page2')), 2)
    await screen.findAllByRole('listitem')
    expect(new URL(fetch.to('/v2/deposits')[0]!.url).searchParams.get('page')).toBe('2')
    expect(screen.getByRole('link', { name: m.pagination_previous() })).toHaveAttribute(
      'href',
      '/player/deposit/history?page=1',
    )
  })

  it('says when there is no deposit yet', async () => {
    await setup(({ response }) => response(200).json(page('empty')))
    expect(await screen.findByText(m.deposit_history_empty())).toBeVisible()
  })

  it('a failing server shows its reason and a retry that loads the list', async () => {
    let up = false
    const { user } = await setup(({ response }) =>
      up
        ? response(200).json(page('history'))
        : response(500).json({ code: 'INTERNAL_ERROR', message: 'x', requestId: 'r1' }),
    )
    const retry = await screen.findByRole('button', { name: m.error_try_again() })
    // With the request id staff look it up by (a failed server).
    expect(
      screen.getByText(
        `${errorMessages.INTERNAL_ERROR()} ${m.errors_request_reference({ requestId: 'r1' })}`,
      ),
    ).toBeVisible()
    up = true
    await user.click(retry)
    expect((await screen.findAllByRole('listitem')).length).toBe(page('history').items.length)
  })
})
