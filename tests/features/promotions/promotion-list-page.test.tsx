import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { PromotionListPage, PROMOTIONS_PER_PAGE } from '~/features/promotions/promotion-list-page'
import type { RequestHandler } from 'msw'
import { renderWithProviders } from '../../helpers/render'
import { example, http } from '../../helpers/api'
import {
  daily,
  inForce,
  promotionList,
  stubPromotionApi,
  weekend,
  welcome,
} from './promotion-stubs'

async function renderList(...overrides: RequestHandler[]) {
  const api = stubPromotionApi(...overrides)
  const view = await renderWithProviders(<PromotionListPage />, { path: '/player/promotion' })
  return { ...view, api }
}

/** An agency with `count` promotions: the examples' again and again, each its own. */
function manyPromotions(count: number) {
  const promotions = Array.from({ length: count }, (_, n) => {
    const template = promotionList.promotions[n % promotionList.promotions.length]!
    return { ...template, id: `${template.id}-${n}`, title: `${template.title} ${n + 1}` }
  })
  return http.get('/v2/promotions', ({ response }) => response(200).json({ promotions }))
}

const claimLinks = () =>
  screen.queryAllByRole('link', { name: new RegExp(`^${m.promotion_claim()}`) })

describe('PromotionListPage', () => {
  it('shows every promotion with its image, title and a claim link to its page', async () => {
    const { container } = await renderList()
    for (const promotion of promotionList.promotions) {
      expect(await screen.findByRole('link', { name: promotion.title })).toHaveAttribute(
        'href',
        `/player/promotion/${promotion.id}`,
      )
    }
    const images = container.querySelectorAll('img')
    expect(images).toHaveLength(3)
    images.forEach((img) => expect(img).toHaveAttribute('loading', 'lazy'))
    expect(
      screen.getByRole('link', { name: `${m.promotion_claim()}: ${daily.title}` }),
    ).toHaveAttribute('href', `/player/promotion/${daily.id}`)
  })

  it('shows many promotions a page at a time, the page in the URL', async () => {
    stubPromotionApi(manyPromotions(25))
    const cards = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
    const first = await renderWithProviders(<PromotionListPage page={1} />)
    await screen.findByRole('link', { name: `${welcome.title} 1` })
    expect(cards()).toHaveLength(PROMOTIONS_PER_PAGE)
    expect(screen.getByRole('link', { name: m.pagination_next() })).toHaveAttribute(
      'href',
      '/player/promotion?page=2',
    )
    first.unmount()
    // A page past the last shows the last, its five, with the way back.
    await renderWithProviders(<PromotionListPage page={9} />)
    await screen.findByRole('link', { name: `${welcome.title} 25` })
    expect(cards()).toHaveLength(5)
    expect(screen.getByText(m.pagination_page_of({ page: 3, pages: 3 }))).toBeVisible()
    expect(screen.getByRole('link', { name: m.pagination_previous() })).toHaveAttribute(
      'href',
      '/player/promotion?page=2',
    )
  })

  it('shows no pager when every promotion fits on one page', async () => {
    await renderList()
    await screen.findByRole('link', { name: daily.title })
    expect(screen.queryByText(m.pagination_page_of({ page: 1, pages: 1 }))).toBeNull()
  })

  it('replaces a banner that fails to load with a placeholder of the same size', async () => {
    const { container } = await renderList()
    await screen.findByRole('link', { name: daily.title })
    const img = container.querySelector('img') as HTMLImageElement
    const box = img.parentElement
    img.dispatchEvent(new Event('error'))
    await screen.findByRole('link', { name: daily.title })
    expect(box?.querySelector('img')).toBeNull()
    expect(box).toHaveClass('aspect-[2/1]')
  })

  it('tells a blocked player why once, and shows no claim link', async () => {
    const blocked = example('getPromotionBlocking', 200, 'blocked')
    await renderList(
      http.get('/v2/players/backlist', ({ response }) => response(200).json(blocked)),
    )
    const notice = await screen.findByRole('region', { name: m.promotion_blocked_title() })
    expect(notice).toHaveTextContent(blocked.reason!)
    await screen.findByRole('link', { name: weekend.title })
    expect(claimLinks()).toHaveLength(0)
  })

  it('marks the one in use and holds the others back (one at a time)', async () => {
    await renderList(inForce('used'))
    const current = await screen.findByRole('region', { name: m.promotion_current_title() })
    expect(current).toHaveTextContent(daily.title)
    const dailyCard = (await screen.findByRole('link', { name: daily.title })).closest('li')
    expect(within(dailyCard as HTMLElement).getByText(m.promotion_in_use_notice())).toBeVisible()
    expect(screen.getAllByText(m.errors_promotion_already_active())).toHaveLength(2)
    expect(claimLinks()).toHaveLength(0)
  })

  it('leads a player without a bank account to add one, without claim links', async () => {
    await renderList(
      http.get('/v2/players/bank-accounts', ({ response }) =>
        response(200).json(example('listBankAccounts', 200, 'empty')),
      ),
    )
    expect(await screen.findByRole('link', { name: m.promotion_add_bank() })).toHaveAttribute(
      'href',
      '/player/bank',
    )
    expect(claimLinks()).toHaveLength(0)
  })

  it('says so when the agency offers nothing', async () => {
    await renderList(
      http.get('/v2/promotions', ({ response }) =>
        response(200).json(example('listPromotions', 200, 'empty')),
      ),
    )
    expect(await screen.findByText(m.promotion_list_empty())).toBeVisible()
  })
})
