// Contract tag `withdraw`: withdraw orders and their quote.
import type { QueryClient } from '@tanstack/react-query'
import type { components } from '~generated/api/schema'
import { $api } from './client'
import { playerCreditQueryOptions } from './credits'
import { FIRST_PAGE, type PageQuery } from './paging'

type Provider = components['schemas']['Provider']

export const withdrawListQueryOptions = ({ page = FIRST_PAGE, pageSize }: PageQuery = {}) =>
  $api.queryOptions('get', '/v2/withdraws', { params: { query: { page, pageSize } } })

export const openWithdrawsQueryOptions = () => $api.queryOptions('get', '/v2/withdraws/open', {})

/**
 * The split of a withdrawal of `credit` (2 decimals) from `provider`, as the server would make
 * it now (decision 005). Keyed by (provider, credit), so typing back to an amount already
 * quoted asks nothing. Never retried: a 422 is the answer (the rule that refuses it), and the
 * form asks again on the next change anyway. Fresh for as long as the credit is: not at all.
 */
export const quoteWithdrawQueryOptions = (provider: Provider, credit: string) =>
  $api.queryOptions(
    'get',
    '/v2/withdraws/quote',
    { params: { query: { provider, credit } } },
    { staleTime: 0, retry: false },
  )

/** Creates a withdraw order (Idempotency-Key in `params.header`, one per intent). */
export const useCreateWithdrawMutation = () => $api.useMutation('post', '/v2/withdraws')

/**
 * What a withdrawal changes: the credit (every provider and the general balance, by the
 * `credits` prefix), the open order and the history. Invalidated by prefix, never by a
 * hand-written key.
 */
export function invalidateAfterWithdraw(queryClient: QueryClient) {
  const [method] = playerCreditQueryOptions().queryKey
  return Promise.all([
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) =>
        queryKey[0] === method &&
        typeof queryKey[1] === 'string' &&
        queryKey[1].startsWith('/v2/players/credit'),
    }),
    queryClient.invalidateQueries({ queryKey: openWithdrawsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: withdrawListQueryOptions().queryKey.slice(0, 2) }),
  ])
}
