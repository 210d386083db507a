import { QueryClient } from '@tanstack/react-query'
import { isApiError } from './api/error'

/** Spec section 9: data is fresh for 5 minutes and refetched on window focus. */
export const DEFAULT_STALE_TIME_MS = 5 * 60 * 1000
const MAX_RETRIES = 2

/** A request is worth retrying only when the server or the network failed, never on a 4xx. */
export function shouldRetry(failureCount: number, error: unknown) {
  if (failureCount >= MAX_RETRIES) return false
  if (!isApiError(error)) return true
  // A call that timed out already kept the player waiting REQUEST_TIMEOUT_MS: say so now.
  if (error.code === 'TIMEOUT') return false
  return error.status === 0 || error.status >= 500
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        refetchOnWindowFocus: true,
        retry: shouldRetry,
        // A route's loader has already tried (with retries) when its page mounts: the page
        // shows that failure with its retry button instead of trying three times more. With
        // both, a failing list took six requests and over 10 s to say so (npm run fuzz
        // --seed 1 --load 0, 500 on listWithdraws; loads 77 and 120, offline).
        retryOnMount: false,
      },
      mutations: { retry: false },
    },
  })
}

/**
 * Resolves once no query is fetching, or after `timeout` ms: the first screen's calls have
 * been answered. Work the player does not wait for (the overlays' code) starts
 * after them, so it does not share a slow connection with the page's own data.
 */
export function whenNoFetches(client: QueryClient, timeout: number): Promise<void> {
  return new Promise((resolve) => {
    if (!client.isFetching()) return resolve()
    const done = () => {
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const timer = setTimeout(done, timeout)
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (!client.isFetching()) done()
    })
  })
}
