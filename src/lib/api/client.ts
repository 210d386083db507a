import type { QueryClient } from '@tanstack/react-query'
import createFetchClient, { type Middleware } from 'openapi-fetch'
import createQueryClient from 'openapi-react-query'
import { operations, type OperationId } from '~generated/api/operations'
import type { paths } from '~generated/api/schema'
import { ApiError, toApiError } from './error'

/** The contract's `servers[0].url`: the site and the API share an origin. */
export const API_BASE_URL = '/api'

export const fetchClient = createFetchClient<paths>({
  // Absolute, so Request objects are valid outside a page too (jsdom, workers).
  baseUrl: new URL(API_BASE_URL, window.location.origin).href,
  // Looked up per call rather than captured at load, so tests can stub the global fetch.
  fetch: (request) => globalThis.fetch(request),
  credentials: 'include',
  headers: { 'Content-Type': 'application/json' },
})

type UnauthorizedListener = (schemaPath: string) => void
let onUnauthorized: UnauthorizedListener | undefined

/** The app decides what a 401 means (spec: go to /login, except for player and agency info). */
export function setUnauthorizedListener(listener: UnauthorizedListener | undefined) {
  onUnauthorized = listener
}

/** Rejects every non-2xx answer with one ApiError shape and reports 401s. */
const errorMiddleware: Middleware = {
  async onResponse({ response, schemaPath }) {
    if (response.ok) return undefined
    const error = await toApiError(response, schemaPath)
    if (error.status === 401) onUnauthorized?.(schemaPath)
    throw error
  },
  onError({ error, schemaPath }) {
    if (error instanceof ApiError) return error
    return new ApiError(0, { code: 'NETWORK_ERROR', message: String(error) }, schemaPath)
  },
}
fetchClient.use(errorMiddleware)

/** Typed TanStack Query hooks and `queryOptions` over the generated client. */
export const $api = createQueryClient(fetchClient)

/**
 * The one way a cached answer is marked stale after a change: every query of the named
 * operations, whatever their parameters (every page, every provider), by the generated
 * `[method, path]` prefix of openapi-react-query's keys `[method, path, init]`. No key or path is
 * written by hand; a renamed path follows the contract. Those on screen are fetched again at once.
 */
export function invalidateOperations(queryClient: QueryClient, ...operationIds: OperationId[]) {
  return Promise.all(
    operationIds.map((id) => {
      const { method, path } = operations[id]
      return queryClient.invalidateQueries({ queryKey: [method, path] })
    }),
  )
}
