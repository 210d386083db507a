// The API in component tests: MSW answers at the URL the app calls under jsdom
// (`location.origin` + `/api`), with handlers typed by the contract through openapi-msw, so a
// handler's path, method, path parameters and response body must be the contract's to compile.
// Every request the app sends is recorded, for tests that assert what was sent.
//
//   const api = mockApi(
//     http.post('/v2/players/login', ({ response }) => response(200).json(example('loginPlayer', 200))),
//   )
//   ...
//   expect(api.to('/v2/players/login')).toHaveLength(1)
//
// A test that means an answer outside the contract (a gateway's HTML page, a wrong-shaped body)
// says so with `response.untyped(...)`; a network failure is `HttpResponse.error()`.
// A request that no handler answers fails the test that sent it.
import { HttpResponse, type JsonBodyType, type RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import { createOpenApiHttp } from 'openapi-msw'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import type { OperationId } from '~generated/api/operations'
import type { operations, paths } from '~generated/api/schema'
import { API_BASE_URL } from '~/lib/api/client'
import { exampleEntriesOf, spec } from '../contract/spec'

/** Handlers typed by the contract: `http.get('/v2/deposits/{orderId}/laoqr', ...)`. */
export const http = createOpenApiHttp<paths>({
  baseUrl: new URL(API_BASE_URL, window.location.origin).href,
})

const server = setupServer()
let sent: Request[] = []
let unhandled: string[] = []

server.events.on('request:start', ({ request }) => {
  sent.push(request.clone())
})

/**
 * MSW's life per test file: listening from the file's first test, every test's handlers reset
 * and its unanswered requests failing it, closed after the file (so a later file in the same
 * worker, e.g. a real-HTTP test, talks to the network again). Registered by tests/setup-dom.ts
 * for every component-test file: the worker keeps modules between files (`isolate: false`), so
 * hooks at this module's top level would run for the first file only.
 */
export function installMockApi() {
  beforeAll(() => {
    // A request an earlier file's screen sent after that file's last check is not this
    // file's: each file starts with an empty record, as it did in a process of its own.
    sent = []
    unhandled = []
    server.listen({
      onUnhandledRequest: (request, print) => {
        unhandled.push(`${request.method} ${request.url}`)
        print.error()
      },
    })
  })
  afterEach(() => {
    server.resetHandlers()
    const stray = unhandled
    sent = []
    unhandled = []
    expect(stray, 'requests no handler of the test answered').toEqual([])
  })
  afterAll(() => {
    server.close()
  })
}

/** What the app sent during the test, in order (clones: each body can still be read). */
export type ApiRecord = {
  readonly requests: Request[]
  /** The recorded requests to one API path (`/v2/players/login`), any method. */
  to: (path: string) => Request[]
}

const record: ApiRecord = {
  get requests() {
    return sent
  },
  to: (path) => sent.filter((r) => new URL(r.url).pathname === `${API_BASE_URL}${path}`),
}

/**
 * Answers this test's API calls with `handlers` (until the test ends; a later call's handlers
 * come first) and returns the record of every request sent.
 */
export function mockApi(...handlers: RequestHandler[]): ApiRecord {
  server.use(...handlers)
  return record
}

type JsonBody<Response> = Response extends { content: { 'application/json': infer Body } }
  ? Body
  : never

function exampleEntry(operationId: OperationId, status: number, name?: string) {
  const entries = exampleEntriesOf(operationId, String(status))
  const entry = name === undefined ? entries[0] : entries.find((e) => e.name === name)
  if (!entry) throw new Error(`${operationId} ${status} has no example ${name ?? ''}`)
  return entry
}

/**
 * A named example of the contract (or its first) for an operation's status, typed as that
 * response's body: `example('listBankAccounts', 200, 'empty')`. An example marked
 * `x-outside-contract` is refused: that one is `outsideContractExample`.
 */
export function example<
  Op extends OperationId & keyof operations,
  Status extends keyof operations[Op]['responses'] & number,
>(operationId: Op, status: Status, name?: string): JsonBody<operations[Op]['responses'][Status]> {
  const entry = exampleEntry(operationId, status, name)
  if (entry.outsideContract) {
    throw new Error(`${operationId} ${status} ${entry.name} is outside the contract`)
  }
  return entry.value as JsonBody<operations[Op]['responses'][Status]>
}

/**
 * An example the contract marks `x-outside-contract` (decision 005: e.g. a status this build
 * does not know), untyped: it is answered with `response.untyped(HttpResponse.json(...))`.
 */
export function outsideContractExample(
  operationId: OperationId,
  status: number,
  name: string,
): JsonBodyType {
  const entry = exampleEntry(operationId, status, name)
  if (!entry.outsideContract) {
    throw new Error(`${operationId} ${status} ${name} is an example of the contract: use example()`)
  }
  return entry.value as JsonBodyType
}

/** The contract's documented `Retry-After` (components/headers RetryAfter's example, seconds). */
export const RETRY_AFTER_EXAMPLE = Number(
  (spec as unknown as { components: { headers: { RetryAfter: { example: number } } } }).components
    .headers.RetryAfter.example,
)

/**
 * The contract's 429 RATE_LIMITED answer of an operation with its `Retry-After` header:
 * `http.post(path, ({ response }) => response.untyped(rateLimited('loginPlayer')))`.
 */
export function rateLimited(
  operationId: OperationId,
  retryAfterSeconds: number = RETRY_AFTER_EXAMPLE,
): Response {
  return HttpResponse.json(exampleEntry(operationId, 429, 'RATE_LIMITED').value as JsonBodyType, {
    status: 429,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  })
}
