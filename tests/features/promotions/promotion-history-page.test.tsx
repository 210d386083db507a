import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { PromotionHistoryPage } from '~/features/promotions/promotion-history-page'
import { formatMoney } from '~/domain/format'
import { HttpResponse } from 'msw'
import { renderWithProviders } from '../../helpers/render'
import { example, http, outsideContractExample } from '../../helpers/api'
import { stubPromotionApi } from './promotion-stubs'

type Usages = Parameters<typeof http.get<'/v2/promotions/usages'>>[1]
const usages = (answer: Usages) => http.get('/v2/promotions/usages', answer)
const usagesExample =
  (name?: string): Usages =>
  ({ response }) =>
    response(200).json(example('listPromotionUsages', 200, name))

async function renderHistory(page = 1, ...overrides: Parameters<typeof stubPromotionApi>) {
  const api = stubPromotionApi(...overrides)
  const view = await renderWithProviders(<PromotionHistoryPage page={page} />, {
    path: '/player/promotion/history',
  })
  return { ...view, api }
}

const rows = () => screen.findAllByRole('listitem')

describe('PromotionHistoryPage', () => {
  it('lists usages with status, provider, dates and amounts, and links the next page', async () => {
    const { api } = await renderHistory()
    const items = await rows()
    expect(items).toHaveLength(5)
    const first = items[0] as HTMLElement
    expect(within(first).getByText(m.status_usage_success())).toHaveAttribute('data-tone', 'green')
    expect(first).toHaveTextContent('GClub')
    expect(first).toHaveTextContent(formatMoney('176.00', 'THB'))
    expect(first).toHaveTextContent(/\d\d\/11\/2026 \d\d:\d\d:\d\d/)
    expect(within(items[1] as HTMLElement).getByText(m.status_usage_canceled())).toHaveAttribute(
      'data-tone',
      'red',
    )
    expect(screen.getByRole('link', { name: m.pagination_next() })).toHaveAttribute(
      'href',
      '/player/promotion/history?page=2',
    )
    const [sent] = api.to('/v2/promotions/usages')
    expect(new URL(sent?.url ?? '').searchParams.get('page')).toBe('1')
  })

  it('asks for the page of the URL and links back to page 1 without a page parameter', async () => {
    const { api } = await renderHistory(2, usages(usagesExample('page2')))
    expect(await rows()).toHaveLength(1)
    const [sent] = api.to('/v2/promotions/usages')
    expect(new URL(sent?.url ?? '').searchParams.get('page')).toBe('2')
    expect(screen.getByRole('link', { name: m.pagination_previous() })).toHaveAttribute(
      'href',
      '/player/promotion/history',
    )
  })

  it('shows a status the build does not know as its raw code, in grey', async () => {
    // A status the contract does not list yet (decision 005): outside the contract on purpose.
    const unknown = outsideContractExample('listPromotionUsages', 200, 'unknownStatus')
    await renderHistory(
      1,
      usages(({ response }) => response.untyped(HttpResponse.json(unknown))),
    )
    await rows()
    expect(screen.getByText('EXPIRED')).toHaveAttribute('data-tone', 'grey')
  })

  it('says so when there is no usage yet', async () => {
    await renderHistory(1, usages(usagesExample('empty')))
    expect(await screen.findByText(m.promotion_history_empty())).toBeVisible()
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('shows a failure with a retry that loads the page', async () => {
    let fail = true
    const { user } = await renderHistory(
      1,
      usages((info) =>
        fail
          ? // A gateway's page, outside the contract.
            info.response.untyped(new Response('Bad gateway', { status: 502 }))
          : usagesExample()(info),
      ),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(m.errors_unexpected_response())
    fail = false
    await user.click(within(alert).getByRole('button', { name: m.error_try_again() }))
    await waitFor(async () => expect(await rows()).toHaveLength(5))
  })

  it('treats a body of the wrong shape as an error, not a blank page', async () => {
    await renderHistory(
      1,
      usages(({ response }) => response(500).json(example('listPromotionUsages', 500))),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(m.errors_internal_error())
  })
})
