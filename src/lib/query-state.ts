import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'

/** What the rule reads of a `useQuery` result. */
export type QueryView = {
  data: unknown
  error: unknown
  /** Set after a failed attempt while retries go on (TanStack Query keeps `error` until the last). */
  failureReason: unknown
  isFetching: boolean
  refetch: () => Promise<unknown>
}

/** A failure with what the screen offers for it. */
export type QueryFailure = { error: unknown; retry: () => void; isRetrying: boolean }

/**
 * What a part of a page shows from the queries it needs, the one rule of every page:
 * - `failed`: a query with nothing to show failed, shown from its first failed attempt (its
 *   retries go on behind, and their success replaces the error by itself);
 * - `pending`: nothing to show yet, no failure;
 * - `ready`: every query has data. A refetch that failed since (coming back on a flaky line)
 *   keeps that data on screen: `stale` holds the failure for a quiet notice with a retry.
 */
export type QueriesState =
  | ({ status: 'failed' } & QueryFailure)
  | { status: 'pending' }
  | { status: 'ready'; stale: QueryFailure | undefined }

/** The first of `states` whose data is kept after a failed refetch, for one notice. */
export function staleOf(...states: readonly QueriesState[]): QueryFailure | undefined {
  for (const state of states) if (state.status === 'ready' && state.stale) return state.stale
  return undefined
}

const failureOf = (query: QueryView) => query.error ?? query.failureReason

export function queriesState(queries: readonly QueryView[]): QueriesState {
  const failing = queries.filter((query) => failureOf(query) != null)
  const failure = (error: unknown): QueryFailure => ({
    error,
    retry: () => failing.forEach((query) => void query.refetch()),
    isRetrying: failing.some((query) => query.isFetching),
  })
  const blocking = failing.find((query) => query.data === undefined)
  if (blocking) return { status: 'failed', ...failure(failureOf(blocking)) }
  if (queries.some((query) => query.data === undefined)) return { status: 'pending' }
  const stale = failing[0]
  return { status: 'ready', stale: stale ? failure(failureOf(stale)) : undefined }
}

/**
 * What a page's loader asks: query options as the shared data layer makes them
 * (`xQueryOptions()`), whatever their data type (a list of them has no one type).
 */
type LoaderQuery = { queryKey: QueryKey; queryFn?: unknown }

/**
 * The one way a page's loader asks for its data: each query is taken from the cache when it
 * holds data, else fetched, and the loader resolves once every one has data or its FIRST
 * attempt failed. Its retries go on behind it while the page shows the failure with a retry
 * (queriesState), instead of the page staying blank for the seconds the retries take.
 */
export function loadPageData(
  queryClient: QueryClient,
  queries: readonly LoaderQuery[],
): Promise<void> {
  return Promise.all(queries.map((options) => firstAnswer(queryClient, options))).then(() => {})
}

function firstAnswer(queryClient: QueryClient, options: LoaderQuery): Promise<void> {
  if (queryClient.getQueryData(options.queryKey) !== undefined) return Promise.resolve()
  const cache = queryClient.getQueryCache()
  const fetched = queryClient.prefetchQuery(options as FetchQueryOptions)
  const query = cache.find({ queryKey: options.queryKey, exact: true })
  const answered = () =>
    !query ||
    query.state.data !== undefined ||
    query.state.fetchFailureCount > 0 ||
    query.state.status === 'error'
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe()
      resolve()
    }
    const unsubscribe = cache.subscribe((event) => {
      if (event.query === query && answered()) done()
    })
    void fetched.then(done)
    if (answered()) done()
  })
}
