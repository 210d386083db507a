// Contract tag `credits`: the player's credit at the providers.
import type { QueryClient } from '@tanstack/react-query'
import type { components } from '~generated/api/schema'
import { PROVIDERS } from '~/lib/game-catalogue'
import { yieldToMain } from '~/lib/idle'
import { $api, invalidateOperations } from './client'

type Provider = components['schemas']['Provider']
/** Why a route's loader runs (TanStack Router's `cause`). */
export type LoaderCause = 'preload' | 'enter' | 'stay'

/** How long the answer a page's loader got stays the one its page mounts with. */
export const LOADER_ANSWER_MS = 5_000

/** The answer (its `dataUpdatedAt`) a page's loader last got for each credit query. */
const loaderAnswers = new WeakMap<object, number>()

type CreditQuery = { state: { isInvalidated: boolean; dataUpdatedAt: number } }

// Spec section 9: credit is money the player is about to spend, so it is never served from
// cache without asking the server again (stale time 0: every mount, focus and invalidation
// asks). The one exception is the ask that just happened: a page's loader asks the credits as
// its navigation starts (`prefetchProviderCredit`), and the page mounting a moment
// later takes that answer instead of asking a second time. Any other mount asks again.
const ALWAYS_REFETCH = {
  staleTime: 0,
  refetchOnMount: (query: CreditQuery) => {
    const { dataUpdatedAt, isInvalidated } = query.state
    const loaderAnswer =
      loaderAnswers.get(query) === dataUpdatedAt &&
      !isInvalidated &&
      Date.now() - dataUpdatedAt < LOADER_ANSWER_MS
    return !loaderAnswer
  },
} as const

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

/**
 * A page's loader asks one provider's credit ahead of its page, not awaited; the page's first
 * mount takes this answer (see ALWAYS_REFETCH).
 */
export async function prefetchProviderCredit(queryClient: QueryClient, provider: Provider) {
  const options = providerCreditQueryOptions(provider)
  await queryClient.prefetchQuery(options)
  const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true })
  if (query?.state.status === 'success') loaderAnswers.set(query, query.state.dataUpdatedAt)
}

/**
 * A page's loader starts its credit calls without waiting for them: the page renders without
 * them and shows each as it comes, and they no longer wait for the page's first render
 * (else on the deposit page they come a round trip after everything else). Same key as
 * `providerCreditOptions`, so the page's queries take these answers. Only when the page is
 * entered (the loader's `cause`): a preload (a link under the pointer) or a reload in place
 * (a language switch) asks nothing, since credit is asked again on entering anyway. It lives
 * here, beside the query options, because route files are in the entry chunk: in
 * domain/provider-credits it brought money.ts and big.js into every first load (+3.8 KB gz).
 */
export async function prefetchProviderCredits(
  queryClient: QueryClient,
  { cause, providers = PROVIDERS }: { cause: LoaderCause; providers?: readonly Provider[] },
) {
  if (cause !== 'enter') return
  // In a task of their own, after the page's other calls: issuing ten calls in one go was the
  // deposit loader's long task (126 ms in a 4x CPU profile, half of it these
  // four), and the credits are drawn after the page's body anyway.
  await yieldToMain()
  for (const provider of providers) {
    void prefetchProviderCredit(queryClient, provider)
  }
}

/**
 * After money moved (a deposit paid): every credit query, general and per provider, is
 * refetched wherever it is shown (the header, the provider cards, the withdraw form).
 */
export const invalidateCredit = (queryClient: QueryClient) =>
  invalidateOperations(queryClient, 'getPlayerCredit', 'getProviderCredit')

/**
 * The refresh action (spec section 4): every credit query and every other cached query is
 * invalidated; those on screen are fetched again at once, the others when next shown. Resolves
 * when the refetches have settled, with whether any of them failed (the caller says so).
 */
export async function refreshAllQueries(queryClient: QueryClient): Promise<{ failed: boolean }> {
  const startedAt = Date.now()
  await queryClient.invalidateQueries({ refetchType: 'active' })
  const failed = queryClient
    .getQueryCache()
    .findAll({ type: 'active' })
    .some((query) => query.state.status === 'error' && query.state.errorUpdatedAt >= startedAt)
  return { failed }
}
