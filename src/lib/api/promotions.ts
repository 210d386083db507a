// Contract tag `promotions`: the agency's promotions and the player's use of them.
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { components } from '~generated/api/schema'
import { bankAccountsQueryOptions } from './bank'
import { $api, invalidateOperations } from './client'
import { openDepositsQueryOptions } from './deposit'
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

/**
 * What a claim, a cancel or a recheck changes: the usage in force, the credit it binds (every
 * provider's, by prefix of the generated keys `[method, path, init]`) and every page of the
 * usage history.
 */
export const invalidatePromotionState = (queryClient: QueryClient) =>
  invalidateOperations(
    queryClient,
    'getCurrentPromotion',
    'getPlayerCredit',
    'getProviderCredit',
    'listPromotionUsages',
  )

function useInvalidatePromotionState() {
  const queryClient = useQueryClient()
  return () => invalidatePromotionState(queryClient)
}

/**
 * Claims a promotion for one provider. Send with `params.header['Idempotency-Key']` (required
 * by the contract) through `useKeyedSubmit` (~/widgets/keyed-submit), one key per intent.
 */
export const useUsePromotionMutation = () => {
  const invalidate = useInvalidatePromotionState()
  return $api.useMutation('post', '/v2/promotions/use', { onSettled: invalidate })
}

/** Cancels the usage in force by its usageId (Idempotency-Key required, as for a claim). */
export const useCancelPromotionUsageMutation = () => {
  const invalidate = useInvalidatePromotionState()
  return $api.useMutation('post', '/v2/promotions/usages/cancel', { onSettled: invalidate })
}

/** Asks the server to re-evaluate the usage in force (no key: it changes nothing the player did). */
export const useRecheckPromotionMutation = () => {
  const invalidate = useInvalidatePromotionState()
  return $api.useMutation('post', '/v2/promotions/usages/recheck', { onSettled: invalidate })
}

/**
 * What a promotion page (the list, one promotion) asks before it draws: the promotions and
 * the facts a claim depends on (blocking, the bank account, the usage in force, open deposit
 * orders), the reads of `useClaimFacts`.
 */
export const promotionPageQueries = () => [
  promotionsQueryOptions(),
  currentPromotionQueryOptions(),
  promotionBlockingQueryOptions(),
  bankAccountsQueryOptions(),
  openDepositsQueryOptions(),
]
