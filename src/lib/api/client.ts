import createFetchClient, { type Middleware } from 'openapi-fetch'
import createQueryClient from 'openapi-react-query'
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

/**
 * The contract's response schemas, checked in a chunk of their own (zod and every schema,
 * kept off the first load: decision 009): its download starts at once, beside the first
 * calls, and a response waits for it only if it comes back first (decision 013).
 */
const responseCheck = import('./response-check')

/**
 * Rejects every non-2xx answer, and every 2xx whose body is not the contract's shape, with
 * one ApiError, and reports 401s. A wrong-shaped body so reaches the screen's error state
 * with retry instead of a half-drawn page (found by `npm run fuzz`).
 */
const errorMiddleware: Middleware = {
  async onResponse({ request, response, schemaPath }) {
    if (response.ok) {
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => undefined)
      const problem = (await responseCheck).responseProblem(request.method, schemaPath, body)
      if (!problem) return undefined
      throw new ApiError(
        response.status,
        { code: 'UNEXPECTED_RESPONSE', message: problem },
        schemaPath,
      )
    }
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
