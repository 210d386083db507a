import type { QueryClient } from '@tanstack/react-query'
import createFetchClient, { type Middleware } from 'openapi-fetch'
import createQueryClient from 'openapi-react-query'
import { operations, type OperationId } from '~generated/api/operations'
import type { paths } from '~generated/api/schema'
import { yieldToMain } from '~/lib/idle'
import { retryLoad } from '~/lib/retry-load'
import type * as ResponseCheckModule from './response-check'
import { API_BASE_URL } from './base-url'
import { ApiError, toApiError } from './error'
import { dropFirstCalls, takeFirstCall } from './first-calls'

export { API_BASE_URL }

/**
 * How long a call may go unanswered before the screen says the server is too slow (with its
 * retry) instead of spinning on: npm run fuzz's `timeout-15s` case left pages spinning for as
 * long as the server kept quiet. Well under the 10 s after which a spinner counts as stuck.
 */
export const REQUEST_TIMEOUT_MS = 8_000

/** Thrown by `fetch` below when REQUEST_TIMEOUT_MS ran out; the middleware names the call. */
class RequestTimeout extends Error {}

/** The global fetch, aborted after REQUEST_TIMEOUT_MS (or when the caller aborts). */
async function fetchWithTimeout(request: Request) {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, REQUEST_TIMEOUT_MS)
  const forward = () => controller.abort(request.signal.reason)
  request.signal.addEventListener('abort', forward, { once: true })
  try {
    // A first load's call the preload script already started (./first-calls.ts); should it
    // have failed on the way, the call is asked for again here.
    const started = takeFirstCall(request)
    const response = started && (await untilAborted(started, controller.signal).catch(orAborted))
    // Looked up per call rather than captured at load, so tests can stub the global fetch.
    const answer = response || (await globalThis.fetch(request, { signal: controller.signal }))
    // The body within the same time (a started call's body is not tied to this signal).
    return await untilAborted(readWhole(answer), controller.signal)
  } catch (error) {
    throw timedOut ? new RequestTimeout() : error
  } finally {
    clearTimeout(timer)
    request.signal.removeEventListener('abort', forward)
  }

  /** A started call's failure: thrown on if the call was aborted, else asked for again. */
  function orAborted(error: unknown): undefined {
    if (controller.signal.aborted) throw error
    return undefined
  }
}

/** Statuses whose answer has no body (a Response with one cannot be built). */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 204, 205, 304])

/**
 * The answer with its body read in full, while the timeout still runs: a server that sends
 * its headers and then stalls mid-body is a timeout too, not a call that hangs on its JSON.
 */
async function readWhole(response: Response): Promise<Response> {
  const init = {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  }
  if (NULL_BODY_STATUSES.has(response.status)) return new Response(null, init)
  return new Response(await response.arrayBuffer(), init)
}

/** `promise`, or the signal's reason once it aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason as Error)
    if (signal.aborted) abort()
    signal.addEventListener('abort', abort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

export const fetchClient = createFetchClient<paths>({
  // Absolute, so Request objects are valid outside a page too (jsdom, workers). The build's
  // prerender runs in Node, with no page: its calls never leave the process (src/prerender.tsx).
  baseUrl: new URL(API_BASE_URL, globalThis.location?.origin ?? 'http://localhost').href,
  fetch: fetchWithTimeout,
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
 * calls, and a response waits for it only if it comes back first (decision 013). A download
 * that failed is tried again by the next answer (retryLoad), never kept as a failure.
 */
type ResponseCheck = typeof ResponseCheckModule
const loadResponseCheck = retryLoad<ResponseCheck>(() => import('./response-check'))
let responseCheckIn: ResponseCheck | undefined
void loadResponseCheck().then(
  (checker) => (responseCheckIn = checker),
  () => {},
)

/**
 * The response check, once its chunk is in. The answers that came back before it (a first
 * load's first calls) each get a task of their own: they would all have been checked in the
 * task that evaluated the chunk, one long task with zod building the schemas on their first
 * parse (24-40 ms at full speed in Lighthouse profiles of /login). Without the chunk the
 * answer cannot be judged: the call fails as a network failure would (retried, with the
 * screen's retry), and the next answer asks for the chunk again.
 */
async function checkerOfResponses(schemaPath: string) {
  if (responseCheckIn) return responseCheckIn
  try {
    const checker = await loadResponseCheck()
    responseCheckIn = checker
    await yieldToMain()
    return checker
  } catch (error) {
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: String(error) }, schemaPath)
  }
}

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
      const problem = (await checkerOfResponses(schemaPath)).responseProblem(
        request.method,
        schemaPath,
        body,
      )
      if (!problem) return undefined
      throw new ApiError(
        response.status,
        { code: 'UNEXPECTED_RESPONSE', message: problem },
        schemaPath,
      )
    }
    const error = await toApiError(response, schemaPath)
    if (error.status === 401) {
      // No session: a call started for the first load is not the answer after a login.
      dropFirstCalls()
      onUnauthorized?.(schemaPath)
    }
    throw error
  },
  onError({ error, schemaPath }) {
    if (error instanceof ApiError) return error
    if (error instanceof RequestTimeout) {
      return new ApiError(0, { code: 'TIMEOUT', message: 'no answer in time' }, schemaPath)
    }
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
