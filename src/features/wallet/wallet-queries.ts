import type { QueryClient } from '@tanstack/react-query'
import type { components } from '~generated/api/schema'
import { $api } from '~/lib/api-client'

type Provider = components['schemas']['Provider']
export type PageQuery = { page?: number; pageSize?: number }

/** Lists open on their first page; the page size is the contract's default unless asked. */
export const FIRST_PAGE = 1

// Spec section 9: credit is money the player is about to spend, so it is never served from
// cache without asking the server again.
const ALWAYS_REFETCH = { staleTime: 0 } as const

/** Credit of every provider at once (the header's balance, the withdraw form). */
export const playerCreditQueryOptions = () =>
  $api.queryOptions('get', '/v2/players/credit', {}, ALWAYS_REFETCH)

/** Credit at one provider (spec section 7: always refetched). */
export const providerCreditQueryOptions = (provider: Provider) =>
  $api.queryOptions(
    'get',
    '/v2/players/credits/{provider}',
    { params: { path: { provider } } },
    ALWAYS_REFETCH,
  )

/** The player's bank account (at most one). */
export const bankAccountsQueryOptions = () =>
  $api.queryOptions('get', '/v2/players/bank-accounts', {})

/** The accepted banks (choices of the bank form). */
export const banksQueryOptions = () => $api.queryOptions('get', '/v2/banks', {})

/** Exchange rates for the conversions of spec section 9 (see ~/lib/money). */
export const currencyRatesQueryOptions = () => $api.queryOptions('get', '/v2/rates', {})

export const depositListQueryOptions = ({ page = FIRST_PAGE, pageSize }: PageQuery = {}) =>
  $api.queryOptions('get', '/v2/deposits', { params: { query: { page, pageSize } } })

export const openDepositsQueryOptions = () => $api.queryOptions('get', '/v2/deposits/open', {})

export const depositLaoQrQueryOptions = (orderId: string) =>
  $api.queryOptions('get', '/v2/deposits/{orderId}/laoqr', { params: { path: { orderId } } })

export const withdrawListQueryOptions = ({ page = FIRST_PAGE, pageSize }: PageQuery = {}) =>
  $api.queryOptions('get', '/v2/withdraws', { params: { query: { page, pageSize } } })

export const openWithdrawsQueryOptions = () => $api.queryOptions('get', '/v2/withdraws/open', {})

/**
 * The refresh action (spec section 4): every credit query and every other cached query is
 * marked stale; those on screen refetch at once (credit has no cache time to wait out), the
 * others when next used. Resolves when the refetches on screen are done.
 */
export function refreshCaches(queryClient: QueryClient) {
  return queryClient.invalidateQueries()
}
