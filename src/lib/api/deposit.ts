// Contract tag `deposit`: deposit orders and their Lao QR payment.
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { autoChecks } from '~generated/api/auto-checks'
import type { components } from '~generated/api/schema'
import { $api, invalidateOperations } from './client'
import { invalidateCredit } from './credits'
import { isApiError } from './error'
import { FIRST_PAGE, type PageQuery } from './paging'

type Deposit = components['schemas']['Deposit']

export const depositListQueryOptions = ({ page = FIRST_PAGE, pageSize }: PageQuery = {}) =>
  $api.queryOptions('get', '/v2/deposits', { params: { query: { page, pageSize } } })

export const openDepositsQueryOptions = () => $api.queryOptions('get', '/v2/deposits/open', {})

/**
 * The QR of an open order. Its payload never changes for one order, so it is not refetched
 * on focus; an expired QR is an answer (409), not a failure worth retrying.
 */
export const depositLaoQrQueryOptions = (orderId: string) =>
  $api.queryOptions(
    'get',
    '/v2/deposits/{orderId}/laoqr',
    { params: { path: { orderId } } },
    { refetchOnWindowFocus: false, retry: false },
  )

/** Open orders and the history (every page) after an order was created, paid or canceled. */
const invalidateDeposits = (queryClient: QueryClient) =>
  invalidateOperations(queryClient, 'listOpenDeposits', 'listDeposits')

const STALE_PAGE_CODES: ReadonlySet<string> = new Set(['OPEN_ORDER', 'BANK_ACCOUNT_REQUIRED'])

/** Opens a deposit order (sent through `useKeyedSubmit`: one Idempotency-Key per intent). */
export function useCreateDepositMutation() {
  const queryClient = useQueryClient()
  return $api.useMutation('post', '/v2/deposits', {
    onSuccess: () => invalidateDeposits(queryClient),
    // The server says an order is already open, or the account is gone: the deposit page
    // reads both again, and the open order or the missing account replaces the form.
    onError: (error) => {
      if (isApiError(error) && STALE_PAGE_CODES.has(error.code)) {
        return invalidateOperations(queryClient, 'listOpenDeposits', 'listBankAccounts')
      }
      return undefined
    },
  })
}

/** checkDeposit's schedule of the checks the site makes by itself (the contract's x-auto-check). */
export const DEPOSIT_AUTO_CHECK = autoChecks.checkDeposit

/**
 * Asks whether the order was paid (checkDeposit). Answers 200 with the order as it is now:
 * OPEN (not paid yet), PAID or SUCCESS (credit added or being added: every credit query and
 * the deposit lists are refetched), or an order that ended. A query rather than a mutation, so
 * the site's own checks and the player's press share one request in flight (a refetch joins
 * the one running). It starts from the order on screen and sends nothing at mount; it never
 * retries (the next check is the retry) and is kept while the page lives, so the count of
 * checks made for an order (x-auto-check's bound) survives leaving the page and coming back.
 */
export const depositCheckQueryOptions = (order: Deposit) => {
  const options = $api.queryOptions(
    'post',
    '/v2/deposits/{orderId}/check',
    { params: { path: { orderId: order.id } } },
    { initialData: order, refetchOnMount: false, retry: false, gcTime: Infinity },
  )
  const queryFn: typeof options.queryFn = async (context) => {
    const checked = await options.queryFn(context)
    if (checked.status !== 'OPEN') {
      void Promise.all([invalidateDeposits(context.client), invalidateCredit(context.client)])
    }
    return checked
  }
  return { ...options, queryFn }
}

/** Cancels an open order (Idempotency-Key per intent). */
export function useCancelDepositMutation() {
  const queryClient = useQueryClient()
  return $api.useMutation('post', '/v2/deposits/{orderId}/cancel', {
    onSuccess: () => invalidateDeposits(queryClient),
  })
}
