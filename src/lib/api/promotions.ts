// Contract tag `promotions`: the agency's promotions and the player's use of them.
import type { components } from '~generated/api/schema'
import { $api } from './client'
import { FIRST_PAGE, type PageQuery } from './paging'

type UsageStatus = components['schemas']['PromotionUsageStatus']
export type UsagesQuery = PageQuery & { status?: UsageStatus }

export const promotionsQueryOptions = () => $api.queryOptions('get', '/v2/promotions', {})

/** The promotion in use, or `{usage: null}` (deposit and withdraw read it too). */
export const currentPromotionQueryOptions = () =>
  $api.queryOptions('get', '/v2/players/promotions/using', {})

export const promotionQueryOptions = (promotionId: string) =>
  $api.queryOptions('get', '/v2/promotions/{promotionId}', {
    params: { path: { promotionId } },
  })

export const promotionUsagesQueryOptions = ({
  page = FIRST_PAGE,
  pageSize,
  status,
}: UsagesQuery = {}) =>
  $api.queryOptions('get', '/v2/promotions/usages', {
    params: { query: { page, pageSize, status } },
  })

/** Whether the player is blocked from receiving promotions (seed path `backlist`). */
export const promotionBlockingQueryOptions = () =>
  $api.queryOptions('get', '/v2/players/backlist', {})
