// Contract tag `withdraw`: withdraw orders and their quote.
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { components } from '~generated/api/schema'
import { $api, invalidateOperations } from './client'
import { isApiError } from './error'
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

/**
 * What a withdrawal changes: the credit (every provider and the general balance), the open
 * order and the history.
 */
const invalidateAfterWithdraw = (queryClient: QueryClient) =>
  invalidateOperations(
    queryClient,
    'getPlayerCredit',
    'getProviderCredit',
    'listOpenWithdraws',
    'listWithdraws',
  )

/**
 * Creates a withdraw order (Idempotency-Key in `params.header`, one per intent). Afterwards, and
 * after any answer of the server (the order, the credit or the account changed under the form:
 * the page refetches them, and an open order or a missing account then replaces the form), what
 * a withdrawal changes is fetched again; not after no answer at all.
 */
export function useCreateWithdrawMutation() {
  const queryClient = useQueryClient()
  return $api.useMutation('post', '/v2/withdraws', {
    onSuccess: () => void invalidateAfterWithdraw(queryClient),
    onError: (error) => {
      if (isApiError(error) && error.status !== 0) void invalidateAfterWithdraw(queryClient)
    },
  })
}
