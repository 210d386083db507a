import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { CurrentPromotionCard } from '~/features/promotions/current-promotion-card'
import { formatMoney } from '~/domain/format'
import type { RequestHandler } from 'msw'
import { renderWithProviders } from '../../helpers/render'
import { example, http } from '../../helpers/api'
import { inForce, stubPromotionApi } from './promotion-stubs'

async function renderCard(...overrides: RequestHandler[]) {
  const api = stubPromotionApi(...overrides)
  const view = await renderWithProviders(<CurrentPromotionCard />, { path: '/player/deposit' })
  return { ...view, api }
}

const card = () => screen.findByRole('region', { name: m.promotion_current_title() })

describe('CurrentPromotionCard', () => {
  it('shows the usage in force: status, provider, figures and turnover progress', async () => {
    await renderCard(inForce('used'))
    const region = await card()
    expect(within(region).getByText(m.status_usage_used())).toBeVisible()
    expect(region).toHaveTextContent('Alphabet')
    expect(region).toHaveTextContent(formatMoney('176.00', 'THB'))
    const bar = within(region).getByRole('progressbar', { name: m.promotion_current_turnover() })
    expect(bar).toHaveAttribute('aria-valuenow', '40')
    expect(bar).toHaveAttribute(
      'aria-valuetext',
      m.promotion_progress_value({
        progress: formatMoney('211.20', 'THB'),
        target: formatMoney('528.00', 'THB'),
      }),
    )
  })

  it('asks for the set deposit while the claimed usage waits for it', async () => {
    await renderCard(inForce('active'))
    const region = await card()
    expect(region).toHaveTextContent(
      m.promotion_current_waiting_deposit({ amount: formatMoney('100000', 'LAK') }),
    )
    expect(within(region).queryByRole('progressbar')).toBeNull()
  })

  it('shows the receive cap of a withdraw-all usage', async () => {
    await renderCard(inForce('withdrawAll'))
    expect(await card()).toHaveTextContent(formatMoney('1900.00', 'THB'))
  })

  it('shows nothing when no promotion is in force', async () => {
    const { api } = await renderCard()
    // The loading state gives way to an empty live region (kept for a later outcome).
    await waitFor(() => expect(screen.getByRole('status')).toBeEmptyDOMElement())
    expect(api.to('/v2/players/promotions/using')).toHaveLength(1)
    expect(screen.queryByRole('region')).toBeNull()
  })

  it('cancels by usageId after a confirmation, once, and says so', async () => {
    let canceled = false
    const { user, api } = await renderCard(
      http.get('/v2/players/promotions/using', ({ response }) =>
        response(200).json(example('getCurrentPromotion', 200, canceled ? 'none' : 'active')),
      ),
      http.post('/v2/promotions/usages/cancel', ({ response }) => {
        canceled = true
        return response(200).json(example('cancelPromotionUsage', 200))
      }),
    )
    await user.click(within(await card()).getByRole('button', { name: m.promotion_cancel() }))
    const dialog = await screen.findByRole('alertdialog', {
      name: m.promotion_cancel_confirm_title(),
    })
    expect(api.to('/v2/promotions/usages/cancel')).toHaveLength(0)
    await user.dblClick(within(dialog).getByRole('button', { name: m.promotion_cancel_confirm() }))

    expect(await screen.findByRole('status')).toHaveTextContent(m.promotion_cancel_success())
    const sent = api.to('/v2/promotions/usages/cancel')
    expect(sent).toHaveLength(1)
    expect(await sent[0]?.json()).toEqual({ usageId: 'pu_9d4e17a2' })
    expect(sent[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/)
    // Refetched: the usage is gone from the page.
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull())
  })

  it('sends nothing when the player keeps the promotion', async () => {
    const { user, api } = await renderCard(inForce('active'))
    await user.click(within(await card()).getByRole('button', { name: m.promotion_cancel() }))
    await user.click(await screen.findByRole('button', { name: m.promotion_cancel_keep() }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(api.to('/v2/promotions/usages/cancel')).toHaveLength(0)
  })

  it('explains a refused cancel in the dialog', async () => {
    const { user } = await renderCard(
      inForce('used'),
      http.post('/v2/promotions/usages/cancel', ({ response }) =>
        response(409).json(example('cancelPromotionUsage', 409, 'PROMOTION_USAGE_ENDED')),
      ),
    )
    await user.click(within(await card()).getByRole('button', { name: m.promotion_cancel() }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: m.promotion_cancel_confirm() }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      m.errors_promotion_usage_ended(),
    )
  })

  it.each([
    ['completed', () => m.promotion_recheck_completed()],
    ['stillInUse', () => m.promotion_recheck_still_in_use()],
    ['none', () => m.promotion_recheck_none()],
  ])('rechecks and shows the answer (%s)', async (name, message) => {
    const recheck = example('recheckPromotionUsage', 200, name)
    let rechecked = false
    const { user, api } = await renderCard(
      http.get('/v2/players/promotions/using', ({ response }) =>
        // The usage in force after a recheck is the one the recheck answered.
        response(200).json(rechecked ? recheck : example('getCurrentPromotion', 200, 'used')),
      ),
      http.post('/v2/promotions/usages/recheck', ({ response }) => {
        rechecked = true
        return response(200).json(recheck)
      }),
    )
    await user.click(within(await card()).getByRole('button', { name: m.promotion_recheck() }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(message()))
    expect(api.to('/v2/promotions/usages/recheck')).toHaveLength(1)
    // The usage in force is asked again after the recheck.
    await waitFor(() => expect(api.to('/v2/players/promotions/using')).toHaveLength(2))
  })

  it('shows a failed load with a retry', async () => {
    let fail = true
    const { user } = await renderCard(
      http.get('/v2/players/promotions/using', ({ response }) =>
        fail
          ? response(500).json(example('getCurrentPromotion', 500))
          : response(200).json(example('getCurrentPromotion', 200, 'used')),
      ),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(m.promotion_current_load_failed())
    fail = false
    await user.click(within(alert).getByRole('button', { name: m.error_try_again() }))
    expect(await card()).toBeVisible()
  })
})
