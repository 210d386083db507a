import { QueryClient } from '@tanstack/react-query'
import { isApiError } from './api/error'

/** Spec section 9: data is fresh for 5 minutes and refetched on window focus. */
export const DEFAULT_STALE_TIME_MS = 5 * 60 * 1000
const MAX_RETRIES = 2

/** A request is worth retrying only when the server or the network failed, never on a 4xx. */
export function shouldRetry(failureCount: number, error: unknown) {
  if (failureCount >= MAX_RETRIES) return false
  if (!isApiError(error)) return true
  return error.status === 0 || error.status >= 500
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        refetchOnWindowFocus: true,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  })
}
