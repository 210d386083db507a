import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { PromotionDetailPage } from '~/features/promotions/promotion-detail-page'
import { formatMoney } from '~/domain/format'
import type { QueryClient } from '@tanstack/react-query'
import { playerCreditQueryOptions } from '~/lib/api/credits'
import { promotionUsagesQueryOptions } from '~/lib/api/promotions'
import type { RequestHandler } from 'msw'
import { createTestQueryClient, renderWithProviders } from '../../helpers/render'
import { example, http } from '../../helpers/api'
import { daily, inForce, promotionList, stubPromotionApi, weekend } from './promotion-stubs'

async function renderDetail(
  promotionId: string,
  overrides: RequestHandler[] = [],
  queryClient?: QueryClient,
) {
  const api = stubPromotionApi(...overrides)
  const view = await renderWithProviders(<PromotionDetailPage promotionId={promotionId} />, {
    path: `/player/promotion/${promotionId}`,
    queryClient,
  })
  return { ...view, api }
}

const claimButton = () => screen.findByRole('button', { name: m.promotion_claim() })

describe('PromotionDetailPage', () => {
  it('selects the promotion of the id from the list and shows its full terms', async () => {
    const { api } = await renderDetail(weekend.id)

    expect(await screen.findByRole('heading', { level: 1, name: weekend.title })).toBeVisible()
    const terms = screen.getByRole('region', { name: m.promotion_terms_title() })
    expect(terms).toHaveTextContent(formatMoney('500000', 'LAK'))
    expect(terms).toHaveTextContent(
      m.promotion_term_bonus_value({ percent: 20, max: formatMoney('150.00', 'THB') }),
    )
    expect(terms).toHaveTextContent(m.promotion_term_turnover_value({ multiplier: '4' }))
    expect(terms).toHaveTextContent(m.promotion_term_max_receive_value({ percent: 200 }))
    expect(within(terms).getByText(m.promotion_term_withdraw_all()).nextSibling).toHaveTextContent(
      m.promotion_term_required(),
    )
    expect(terms).toHaveTextContent('01/09/2026')
    expect(terms).toHaveTextContent('30/06/2031')
    expect(terms).toHaveTextContent('AskMeBet, GClub')
    // Selected from the list (spec section 2): the detail call is never made.
    expect(api.to(`/v2/promotions/${weekend.id}`)).toHaveLength(0)
  })

  it('says "no end date" for a null end date', async () => {
    const welcome = example('getPromotion', 200, 'pr_welcome50')
    await renderDetail(welcome.id)
    const terms = await screen.findByRole('region', { name: m.promotion_terms_title() })
    expect(terms).toHaveTextContent(m.promotion_term_valid_from({ start: '01/01/2026' }))
    expect(terms).toHaveTextContent(m.promotion_term_first_order_only())
  })

  it('shows an unknown id as "not found" inside the page, not as an error', async () => {
    await renderDetail('pr_does_not_exist')
    expect(
      await screen.findByRole('heading', { level: 1, name: m.promotion_not_found() }),
    ).toBeVisible()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('link', { name: m.promotion_see_all() })).toHaveAttribute(
      'href',
      '/player/promotion',
    )
  })

  it('shows a failed list with a retry that loads it', async () => {
    let fail = true
    await renderDetail(daily.id, [
      http.get('/v2/promotions', ({ response }) =>
        fail
          ? // A gateway's page, outside the contract.
            response.untyped(new Response('<html>502</html>', { status: 502 }))
          : response(200).json(promotionList),
      ),
    ])
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(m.errors_unexpected_response())
    fail = false
    await screen.findByRole('button', { name: m.error_try_again() }).then((b) => b.click())
    expect(await screen.findByRole('heading', { level: 1, name: daily.title })).toBeVisible()
  })
})

describe('claiming a promotion', () => {
  it('sends promotionId, providerId and an Idempotency-Key once on a double click', async () => {
    // Credit and history already on screen elsewhere (the header, a visited history page).
    const queryClient = createTestQueryClient()
    stubPromotionApi()
    await queryClient.fetchQuery(playerCreditQueryOptions())
    await queryClient.fetchQuery(promotionUsagesQueryOptions({ page: 2 }))
    const { user, api } = await renderDetail(weekend.id, [], queryClient)
    await user.click(await screen.findByRole('radio', { name: 'GClub' }))
    await user.dblClick(await claimButton())

    await waitFor(() => expect(api.to('/v2/promotions/use')).toHaveLength(1))
    const [sent] = api.to('/v2/promotions/use')
    expect(await sent?.json()).toEqual({ promotionId: weekend.id, providerId: 'gclub' })
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/)
    const claimed = example('usePromotion', 200)
    expect(
      await screen.findByText(m.promotion_claim_success({ name: claimed.promotionTitle }), {
        exact: false,
      }),
    ).toHaveAttribute('role', 'status')
    // The usage in force (on screen) is asked again; the credit and every page of the
    // history are marked stale, so they are asked again wherever they show next.
    await waitFor(() => expect(api.to('/v2/players/promotions/using').length).toBeGreaterThan(1))
    const stale = (queryKey: readonly unknown[]) =>
      queryClient.getQueryState(queryKey)?.isInvalidated
    expect(stale(playerCreditQueryOptions().queryKey)).toBe(true)
    expect(stale(promotionUsagesQueryOptions({ page: 2 }).queryKey)).toBe(true)
  })

  it('asks for the provider at the field and sends nothing without one', async () => {
    const { user, api } = await renderDetail(weekend.id)
    await user.click(await claimButton())
    expect(await screen.findByText(m.promotion_claim_provider_required())).toBeVisible()
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true')
    expect(api.to('/v2/promotions/use')).toHaveLength(0)
  })

  it('reuses the key when the player retries after a failure', async () => {
    let calls = 0
    const { user, api } = await renderDetail(weekend.id, [
      http.post('/v2/promotions/use', ({ response }) =>
        ++calls === 1
          ? response(500).json(example('usePromotion', 500))
          : response(200).json(example('usePromotion', 200)),
      ),
    ])
    await user.click(await screen.findByRole('radio', { name: 'AskMeBet' }))
    await user.click(await claimButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(m.errors_internal_error())
    await user.click(await claimButton())
    await waitFor(() => expect(api.to('/v2/promotions/use')).toHaveLength(2))
    const [first, second] = api.to('/v2/promotions/use')
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'))
  })

  const refusals: [409 | 422 | 403, string, string, () => string][] = [
    [409, 'PROMOTION_ALREADY_ACTIVE', '', () => m.errors_promotion_already_active()],
    [409, 'PROMOTION_ALREADY_USED', '', () => m.errors_promotion_already_used()],
    [409, 'PROMOTION_USAGE', '', () => m.errors_promotion_usage()],
    [
      409,
      'PROMOTION_USED_BY_PROVIDER',
      '',
      () => m.errors_promotion_used_by_provider({ provider: 'GClub' }),
    ],
    [
      409,
      'CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN',
      'deposit',
      () => m.errors_cannot_use_promotion_while_order_is_open(),
    ],
    [409, 'OPEN_ORDER', 'deposit', () => m.errors_open_order()],
    [422, 'PROMOTION_ONLY_FOR_FIRST_ORDER', '', () => m.errors_promotion_only_for_first_order()],
    [422, 'PROMOTION_INACTIVE', '', () => m.errors_promotion_inactive()],
    [422, 'BANK_ACCOUNT_REQUIRED', 'bank', () => m.errors_bank_account_required()],
    [403, 'PLAYER_BLOCKED_FROM_PROMOTIONS', '', () => m.errors_player_blocked_from_promotions()],
  ]
  it.each(refusals)('explains %s %s with its details', async (status, code, fix, message) => {
    const { user } = await renderDetail(daily.id, [
      http.post('/v2/promotions/use', ({ response }) =>
        response(status).json(example('usePromotion', status, code)),
      ),
    ])
    await user.click(await screen.findByRole('radio', { name: 'Alphabet' }))
    await user.click(await claimButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(message())
    if (fix === 'bank') {
      expect(screen.getByRole('link', { name: m.promotion_add_bank() })).toHaveAttribute(
        'href',
        '/player/bank',
      )
    }
    if (fix === 'deposit') {
      expect(screen.getByRole('link', { name: m.promotion_go_to_deposit() })).toHaveAttribute(
        'href',
        '/player/deposit',
      )
    }
  })
})

describe('when the promotion cannot be claimed now', () => {
  it('tells a blocked player why, with no claim button', async () => {
    const blocked = example('getPromotionBlocking', 200, 'blocked')
    await renderDetail(daily.id, [
      http.get('/v2/players/backlist', ({ response }) => response(200).json(blocked)),
    ])
    const notice = await screen.findByRole('region', { name: m.promotion_blocked_title() })
    expect(notice).toHaveTextContent(m.errors_player_blocked_from_promotions())
    expect(notice).toHaveTextContent(blocked.reason!)
    expect(screen.queryByRole('button', { name: m.promotion_claim() })).toBeNull()
  })

  it('leads a player without a bank account to /player/bank', async () => {
    await renderDetail(daily.id, [
      http.get('/v2/players/bank-accounts', ({ response }) =>
        response(200).json(example('listBankAccounts', 200, 'empty')),
      ),
    ])
    expect(await screen.findByText(m.promotion_needs_bank())).toBeVisible()
    expect(screen.getByRole('link', { name: m.promotion_add_bank() })).toHaveAttribute(
      'href',
      '/player/bank',
    )
    expect(screen.queryByRole('button', { name: m.promotion_claim() })).toBeNull()
  })

  it('asks to close the open deposit order first', async () => {
    await renderDetail(daily.id, [
      http.get('/v2/deposits/open', ({ response }) =>
        response(200).json(example('listOpenDeposits', 200, 'oneOpen')),
      ),
    ])
    expect(
      await screen.findByText(m.errors_cannot_use_promotion_while_order_is_open()),
    ).toBeVisible()
    expect(screen.queryByRole('button', { name: m.promotion_claim() })).toBeNull()
  })

  it('shows the one in force: this one in use, another one one-at-a-time', async () => {
    const active = [inForce('active')]
    const first = await renderDetail(daily.id, active)
    expect(await screen.findByText(m.promotion_in_use_notice())).toBeVisible()
    expect(screen.getByRole('region', { name: m.promotion_current_title() })).toBeVisible()
    first.unmount()

    await renderDetail(weekend.id, active)
    expect(await screen.findByText(m.errors_promotion_already_active())).toBeVisible()
    expect(screen.queryByRole('button', { name: m.promotion_claim() })).toBeNull()
  })

  it('shows a failed check with a retry instead of a claim button on a guess', async () => {
    await renderDetail(daily.id, [
      http.get('/v2/players/backlist', ({ response }) =>
        response(500).json(example('getPromotionBlocking', 500)),
      ),
    ])
    const claim = await screen.findByRole('region', { name: m.promotion_claim_title() })
    expect(await within(claim).findByRole('alert')).toHaveTextContent(m.errors_internal_error())
    expect(within(claim).getByRole('button', { name: m.error_try_again() })).toBeVisible()
    expect(screen.queryByRole('button', { name: m.promotion_claim() })).toBeNull()
  })
})
