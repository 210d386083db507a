// Helpers for the mock layer's tests: real HTTP against a running layer with real Prism.
// Requests are built from the contract (parameter and request-body examples), and expected
// bodies are read from its examples, so these tests follow the contract as it changes.
import { randomUUID } from 'node:crypto'
import { connect } from 'node:net'
import { afterAll, beforeAll, expect } from 'vitest'
import { operations, type OperationId } from '../../generated/api/operations'
import { startMock, type MockOptions, type RunningMock } from '../../mock/layer'
import { deref, examplesOf, spec } from '../contract/spec'

type Parameter = { name: string; in: string; required?: boolean; example?: unknown }
type RawOperation = {
  parameters?: unknown[]
  requestBody?: { content?: Record<string, { examples?: Record<string, unknown> }> }
}

function rawOperation(id: OperationId): RawOperation {
  const { method, path } = operations[id]
  const item = (spec.paths as Record<string, Record<string, unknown>>)[path]
  return item?.[method] as RawOperation
}

/**
 * How long a hook or test that starts real servers (Prism, the mock layer, Vite) waits for them:
 * Prism alone starts in 1-3 s, and up to ~15 s while CI's other steps share the two cores. The
 * waits inside (`startTimeoutMs`) end a few seconds sooner, so a slow start fails with their
 * message (what did not start, and its output), not Vitest's timeout.
 */
export const SERVER_START_MS = 30_000
export const SERVER_WAIT_MS = SERVER_START_MS - 5_000

/** Starts one layer (and its Prism) for the test file, on free ports; stops it after. */
export function runMockForFile(options: MockOptions = {}) {
  const handle: { mock: RunningMock } = {} as { mock: RunningMock }
  beforeAll(async () => {
    handle.mock = await startMock({ port: 0, startTimeoutMs: SERVER_WAIT_MS, ...options })
  }, SERVER_START_MS)
  afterAll(async () => {
    await handle.mock?.stop()
  })
  return handle
}

export type CallOptions = {
  scenario?: string
  sid?: string
  prefer?: string
  path?: Record<string, string>
  query?: Record<string, string>
  /** Replaces the contract's request example. */
  body?: unknown
  headers?: Record<string, string>
}

export type Answer = {
  status: number
  body: unknown
  headers: Headers
  /** The session cookie the answer sets ('' when it clears it). */
  setSid: string | undefined
}

/**
 * Calls an operation through the layer with a request the contract accepts: path, required
 * query and header parameters from the parameters' examples, the body from the first request
 * example; options override each part.
 */
export async function call(
  mock: RunningMock,
  id: OperationId,
  options: CallOptions = {},
): Promise<Answer> {
  const { method, path } = operations[id]
  const op = rawOperation(id)
  const item = (spec.paths as Record<string, { parameters?: unknown[] }>)[path]
  // Parameters declared on the path item apply to each of its operations.
  const params = [...(item?.parameters ?? []), ...(op.parameters ?? [])].map(
    (p) => deref(p) as Parameter,
  )
  const pathValues: Record<string, string> = {}
  const query = new URLSearchParams()
  const headers = new Headers(options.headers)
  for (const p of params) {
    const value = p.example === undefined ? undefined : String(p.example)
    if (p.in === 'path' && value !== undefined) pathValues[p.name] = value
    if (p.in === 'query' && p.required && value !== undefined) query.set(p.name, value)
    if (p.in === 'header' && p.required && value !== undefined && !headers.has(p.name)) {
      // One Idempotency-Key per call, as the site makes one per intent: the parameter's
      // example would make every call a replay of the first (tests that replay give theirs).
      headers.set(p.name, p.name.toLowerCase() === 'idempotency-key' ? randomUUID() : value)
    }
  }
  Object.assign(pathValues, options.path)
  for (const [key, value] of Object.entries(options.query ?? {})) query.set(key, value)
  const url =
    mock.url +
    path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? '')) +
    (query.size ? `?${query}` : '')

  let body: string | undefined
  if (op.requestBody) {
    const value = options.body ?? requestExample(id)
    body = JSON.stringify(value)
    headers.set('content-type', 'application/json')
  }
  if (options.scenario) headers.set('x-mock-scenario', options.scenario)
  if (options.sid !== undefined) headers.set('cookie', `sid=${options.sid}`)
  if (options.prefer) headers.set('prefer', options.prefer)

  const response = await fetch(url, { method: method.toUpperCase(), headers, body })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // Not JSON: keep the text.
  }
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='))
  return {
    status: response.status,
    body: withFreshRequestId(parsed),
    headers: response.headers,
    setSid: cookie === undefined ? undefined : cookie.slice(4).split(';')[0],
  }
}

/**
 * Every `requestId` (Error.requestId, new in every answer: mock/agree.ts) as one placeholder,
 * in answers and examples alike, so a body compares with its example; the layer's freshness
 * itself is tested in tests/mock/agree.test.ts. A value breaking the schema's pattern stays.
 */
export const FRESH_REQUEST_ID = '(fresh requestId)'
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/
export function withFreshRequestId(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body
  return JSON.parse(JSON.stringify(body), (key, value: unknown) =>
    key === 'requestId' && typeof value === 'string' && REQUEST_ID.test(value)
      ? FRESH_REQUEST_ID
      : value,
  ) as unknown
}

/** The first request-body example of an operation (what `call` sends unless told otherwise). */
export function requestExample(id: OperationId): unknown {
  const media = rawOperation(id).requestBody?.content?.['application/json']
  const first = Object.values(media?.examples ?? {})[0]
  return (deref(first) as { value?: unknown } | undefined)?.value
}

/** A fresh session: logs in through the layer and returns the session cookie's value. */
export async function login(mock: RunningMock, scenario?: string): Promise<string> {
  const answer = await call(mock, 'loginPlayer', { scenario })
  if (answer.status !== 200 || !answer.setSid) {
    throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  }
  return answer.setSid
}

/** The body of a named example (any documented status). */
export function example(id: OperationId, name: string): unknown {
  const statuses = Object.keys(
    (rawOperation(id) as { responses: Record<string, unknown> }).responses,
  )
  for (const status of statuses) {
    try {
      const examples = examplesOf(id, status)
      if (name in examples) return withFreshRequestId(examples[name])
    } catch {
      // A status without examples (none today): look further.
    }
  }
  throw new Error(`${id} has no example ${name}`)
}

/** The contract's default answer of an operation: the first example of its lowest 2xx. */
export function defaultExample(id: OperationId): unknown {
  const statuses = Object.keys(
    (rawOperation(id) as { responses: Record<string, unknown> }).responses,
  )
    .filter((s) => s.startsWith('2'))
    .sort()
  const examples = examplesOf(id, statuses[0] ?? '200')
  return withFreshRequestId(Object.values(examples)[0])
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/

/**
 * An example as a layer on the real clock serves it (mock/dates.ts moves date-times to now):
 * every date-time but the zero date is any date-time; `username`, when given, the one the
 * session logged in with (mock/echo.ts).
 */
export function asServedNow(body: unknown, username?: string): unknown {
  return JSON.parse(JSON.stringify(body), (key, value: unknown) => {
    if (key === 'username' && username !== undefined) return username
    if (typeof value === 'string' && DATE_TIME.test(value) && !value.startsWith('0001-')) {
      return expect.stringMatching(DATE_TIME)
    }
    return value
  }) as unknown
}

/** True when something listens on the port of 127.0.0.1. */
export const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
