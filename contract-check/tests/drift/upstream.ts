// A stand-in backend for the drift tests, on 127.0.0.1 under /api like a real one. By default
// it conforms: every operation answers the contract's first success example (and a session
// cookie, as the contract says), protected calls without the cookie answer the documented 401,
// input the contract forbids answers the operation's documented 400, and what the --write calls
// make has state, as the money contract (decision 005) says: deposit orders (create, list,
// check answering the order as it is, cancel; final orders answer 409 ORDER_ALREADY_FINAL or
// ORDER_ALREADY_PAID), withdraw orders, bank accounts and promotion usages (claim, current,
// list, cancel), and every operation that declares Idempotency-Key answers a repeat of a key
// with its first answer and `Idempotent-Replayed: true` (another request under the same key: 422
// IDEMPOTENCY_KEY_REUSED; no key: the documented 400); one open order, bank account and usage
// in force at a time (a second one: the 409 its x-repeat-refused lists). So the --write checks
// can pass. Each case or mode makes it drift in one
// way.
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { operationFacts, type OperationId } from '../../../generated/api/operations'
import { inputsOf } from '../../src/context-checks'
import { headerParameter, type ContractOperation, type Json } from '../../src/contract'
import { allOperations, contract, exampleOf, examplesOf } from '../support'

export type Answer = {
  status: number
  body: string
  headers: Record<string, string | string[]>
}

export type DriftCase = {
  name: string
  operationId: OperationId
  /** What the drift check must report. */
  expect: { kind: string; field: string }
  /** `request.pathValues`: the request's path parameters, in the path's order. */
  answer(normal: { status: number; body: unknown }, request: { pathValues: string[] }): Answer
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
})

/** One kind of drift per case; each is on a call the default (read-only) run makes. */
export const DRIFT_CASES: DriftCase[] = [
  {
    name: 'missing required field',
    operationId: 'getPlayerInfo',
    expect: { kind: 'response-body', field: 'player.displayName' },
    answer: ({ status, body }) => {
      const copy = structuredClone(body) as { player: Json }
      delete copy.player.displayName
      return json(status, copy)
    },
  },
  {
    name: 'wrong type',
    operationId: 'listPromotions',
    expect: { kind: 'response-body', field: 'promotions.0.bonusPercent' },
    answer: ({ status, body }) => {
      const copy = structuredClone(body) as { promotions: Json[] }
      copy.promotions[0]!.bonusPercent = String(copy.promotions[0]!.bonusPercent)
      return json(status, copy)
    },
  },
  {
    name: 'money as a number',
    operationId: 'getPlayerCredit',
    expect: { kind: 'response-body', field: 'credit.amount' },
    answer: ({ status, body }) => {
      const copy = structuredClone(body) as { credit: Json }
      copy.credit.amount = Number(copy.credit.amount)
      return json(status, copy)
    },
  },
  {
    name: 'unknown enum value',
    operationId: 'listDeposits',
    expect: { kind: 'response-body', field: 'items.0.status' },
    answer: ({ status, body }) => {
      const copy = structuredClone(body) as { items: Json[] }
      copy.items[0]!.status = 'PENDING'
      return json(status, copy)
    },
  },
  {
    name: 'undocumented status',
    operationId: 'listCurrencyRates',
    expect: { kind: 'undocumented-status', field: 'status' },
    answer: ({ body }) => json(202, body),
  },
  {
    name: 'undocumented 4xx',
    operationId: 'getPlayerCredit',
    expect: { kind: 'undocumented-status', field: 'status' },
    answer: () => json(403, exampleOf('getPlayerCredit', '401')),
  },
  {
    // Prism's proxy follows redirects (node-fetch's default), so a 3xx is judged by where it
    // lands: here the HTML login page a misconfigured gateway sends API calls to.
    name: 'redirect to a login page',
    operationId: 'listBanks',
    expect: { kind: 'content-type', field: 'content-type' },
    answer: () => ({ status: 302, body: '', headers: { location: '/login' } }),
  },
  {
    name: 'undocumented 5xx',
    operationId: 'listBankAccounts',
    expect: { kind: 'undocumented-status', field: 'status' },
    answer: () => json(503, exampleOf('listBankAccounts', '500')),
  },
  {
    name: 'unknown error code',
    operationId: 'getPromotion',
    expect: { kind: 'error-code', field: 'code' },
    answer: () => json(404, { code: 'PROMOTION_GONE', message: 'Promotion is gone.' }),
  },
  {
    // A real ErrorCode, but not one getPromotion's 404 lists (decision 001, codes per operation).
    name: 'error code the operation does not list',
    operationId: 'getPromotion',
    expect: { kind: 'error-code', field: 'code' },
    answer: () => json(404, exampleOf('getDeposit', '404')),
  },
  {
    name: 'wrong content type',
    operationId: 'listBanks',
    expect: { kind: 'content-type', field: 'content-type' },
    answer: () => ({
      status: 200,
      body: '<!doctype html><title>Banks</title><p>bcel, jdb</p>',
      headers: { 'content-type': 'text/html; charset=utf-8' },
    }),
  },
  {
    name: '5xx',
    operationId: 'listGames',
    expect: { kind: 'server-error', field: 'status' },
    answer: () => json(500, exampleOf('listGames', '500')),
  },
]

/**
 * Answers a schema passes but that disagree with the request, or break a promise the contract
 * makes in words (its x- annotations): each on a read call of the default run.
 */
export const CONTEXT_CASES: DriftCase[] = [
  {
    name: 'the credit of another provider',
    operationId: 'getProviderCredit',
    expect: { kind: 'agreement', field: 'provider' },
    answer: ({ status, body }) => json(status, { ...(body as Json), provider: 'gclub' }),
  },
  {
    name: 'the detail of another promotion',
    operationId: 'getPromotion',
    expect: { kind: 'agreement', field: 'id' },
    answer: ({ status, body }) => json(status, { ...(body as Json), id: 'pr_other_0001' }),
  },
  {
    name: 'a page larger than its page size',
    operationId: 'listDeposits',
    expect: { kind: 'agreement', field: 'items' },
    answer: ({ status, body }) => {
      const copy = structuredClone(body) as { items: Json[] }
      copy.items = Array.from({ length: 11 }, () => copy.items[0]!)
      return json(status, copy)
    },
  },
  {
    name: 'a history oldest first',
    operationId: 'listWithdraws',
    expect: { kind: 'promise', field: 'items.1.createdAt' },
    answer: ({ status, body }) => {
      const copy = structuredClone(body) as { items: Json[] }
      copy.items.reverse()
      return json(status, copy)
    },
  },
  {
    name: 'money with the decimals of another currency',
    operationId: 'getPlayerCredit',
    expect: { kind: 'promise', field: 'credit.amount' },
    answer: ({ status }) => json(status, { credit: { amount: '1830.50', currency: 'LAK' } }),
  },
  {
    // Go's zero time.Time where the contract says null ("none"): a valid RFC 3339 date-time.
    name: 'a zero date where "none" is null',
    operationId: 'listDeposits',
    expect: { kind: 'promise', field: 'items.0.closedAt' },
    answer: ({ status, body }) =>
      json(status, historyWith(body, { closedAt: '0001-01-01T00:00:00Z' })),
  },
  {
    name: 'a date-time not in UTC',
    operationId: 'getPlayerInfo',
    expect: { kind: 'promise', field: 'player.createdAt' },
    answer: ({ status, body }) => {
      const copy = structuredClone(body) as { player: Json }
      copy.player.createdAt = '2026-06-15T20:02:11+07:00'
      return json(status, copy)
    },
  },
  {
    name: 'an agency time zone the IANA database does not know',
    operationId: 'getAgencyInfo',
    expect: { kind: 'promise', field: 'timeZone' },
    answer: ({ status, body }) => json(status, { ...(body as Json), timeZone: 'Asia/Atlantis' }),
  },
  {
    name: 'figures that do not add up',
    operationId: 'listDeposits',
    expect: { kind: 'promise', field: 'items.0.totalCredit' },
    answer: ({ status, body }) => json(status, historyWith(body, { totalCredit: '900.00' })),
  },
  {
    name: 'a QR that expires before its order was made',
    operationId: 'listDeposits',
    expect: { kind: 'promise', field: 'items.0.expiresAt' },
    answer: ({ status, body }) => {
      const first = (body as { items: Json[] }).items[0]!
      return json(status, historyWith(body, { expiresAt: first.createdAt }))
    },
  },
  {
    // The history and getDeposit saw the order at 625.00; the check answers it at 500.00 (its
    // figures recomputed, so only the rate tells).
    name: 'a rate that moved after the order was made',
    operationId: 'checkDeposit',
    expect: { kind: 'promise', field: 'rate' },
    answer: ({ status }, { pathValues }) => {
      const row = exampleOf<{ items: Json[] }>('listDeposits', '200').items.find(
        (o) => o.id === decodeURIComponent(pathValues[0] ?? ''),
      )
      return json(status, {
        ...row,
        rate: '500.00',
        credit: '1000.00',
        totalCredit: '1000.00',
      })
    },
  },
  {
    // Still OPEN 15 minutes after its QR expired, where the contract has it CANCELED (EXPIRED).
    name: 'an open order past its expiry',
    operationId: 'listDeposits',
    expect: { kind: 'promise', field: 'items.0.expiresAt' },
    answer: ({ status, body }) =>
      json(
        status,
        historyWith(body, { status: 'OPEN', paidAt: null, closedAt: null, reason: null }),
      ),
  },
  {
    // RATE_LIMITED is documented with a required Retry-After header; this one omits it.
    name: 'a 429 without Retry-After',
    operationId: 'validateUsername',
    expect: { kind: 'response-header', field: 'retry-after' },
    answer: () => json(429, exampleOf('validateUsername', '429')),
  },
]

/** A history page whose first row has these fields changed. */
function historyWith(body: unknown, fields: Json) {
  const copy = structuredClone(body) as { items: Json[] }
  copy.items[0] = { ...copy.items[0], ...fields }
  return copy
}

/**
 * The order a read-only run looks at three times: the history's first row (SUCCESS), then
 * getDeposit and checkDeposit of its id. Every answer below is a valid Deposit; only the
 * DepositStatus x-lifecycle table tells a move it has from one it has not.
 */
const asked = (body: unknown, { pathValues }: { pathValues: string[] }) => ({
  ...(body as Json),
  id: decodeURIComponent(pathValues[0] ?? ''),
})
export const LIFECYCLE_CASES = {
  /** checkDeposit answers the SUCCESS order OPEN again: no move of the table leaves SUCCESS. */
  illegal: {
    name: 'an order that left SUCCESS for OPEN',
    operationId: 'checkDeposit',
    expect: { kind: 'lifecycle', field: 'status' },
    answer: ({ status, body }, request) =>
      json(status, {
        ...asked(body, request),
        status: 'OPEN',
        paidAt: null,
        closedAt: null,
        reason: null,
      }),
  },
  /** The history shows the order PAID (credit not added yet); getDeposit then SUCCESS: a move. */
  legal: {
    name: 'an order credited between two looks',
    operationId: 'listDeposits',
    expect: { kind: 'none', field: '' },
    answer: ({ status, body }) => {
      const copy = structuredClone(body) as { items: Json[] }
      copy.items[0] = { ...copy.items[0], status: 'PAID', closedAt: null, reason: null }
      return json(status, copy)
    },
  },
  /** createDeposit answers an order that is already SUCCESS: no table starts there. */
  createdFinal: {
    name: 'an order created already final',
    operationId: 'createDeposit',
    expect: { kind: 'lifecycle', field: 'status' },
    answer: ({ status }) => {
      const success = exampleOf<Json>('getDeposit', '200', 'success')
      return json(status, { ...success, id: newId('dp') })
    },
  },
  /** checkDeposit answers the SUCCESS order without saying when it ended. */
  unclosed: {
    name: 'a final order without closedAt',
    operationId: 'checkDeposit',
    expect: { kind: 'lifecycle', field: 'closedAt' },
    answer: ({ status, body }, request) =>
      json(status, { ...asked(body, request), status: 'SUCCESS', closedAt: null }),
  },
} satisfies Record<string, DriftCase>

/** A documented non-2xx answer: the control of the status checks (must pass). */
export const DOCUMENTED_404: DriftCase = {
  name: 'documented 404',
  operationId: 'getPromotion',
  expect: { kind: 'none', field: '' },
  answer: () => json(404, exampleOf('getPromotion', '404')),
}

const SESSION_VALUE = 'drift-test-session-8c1f0e9a'
const SESSION = `sid=${SESSION_VALUE}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400`
const CLEARED = 'sid=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0'
export const SECRETS = { sessionCookie: SESSION_VALUE }

type Route = { operationId: OperationId; method: string; pattern: RegExp; secured: boolean }

// Concrete paths win over templated ones (`/v2/promotions/usages` is not a promotion id).
const templated = (path: string) => (path.match(/\{/g) ?? []).length
const routes: Route[] = allOperations()
  .sort((a, b) => templated(a.path) - templated(b.path))
  .map(({ method, path, op }) => ({
    operationId: op.operationId as OperationId,
    method: method.toUpperCase(),
    pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '([^/]+)')}$`),
    secured: !operationFacts[op.operationId as OperationId].public,
  }))

function normalAnswer(operationId: OperationId): { status: number; body: unknown } {
  const op = allOperations().find((o) => o.op.operationId === operationId)!
  const status = Object.keys(op.op.responses).find((s) => s.startsWith('2'))!
  return { status: Number(status), body: exampleOf(operationId, status) }
}

// ---------------------------------------------------------------- input validation

type Schema = Json & {
  type?: string | string[]
  enum?: unknown[]
  minLength?: number
  maxLength?: number
  pattern?: string
  minimum?: number
  maximum?: number
  required?: string[]
  properties?: Record<string, unknown>
  additionalProperties?: unknown
  items?: unknown
  oneOf?: unknown[]
  anyOf?: unknown[]
  allOf?: unknown[]
}

/** The subset of JSON Schema the contract's request schemas use; enough to refuse bad input. */
function valid(raw: unknown, value: unknown): boolean {
  const s = contract.resolve<Schema>(raw)
  if (!s || typeof s !== 'object') return true
  if (s.allOf && !s.allOf.every((x) => valid(x, value))) return false
  if (s.oneOf && !s.oneOf.some((x) => valid(x, value))) return false
  if (s.anyOf && !s.anyOf.some((x) => valid(x, value))) return false
  if (s.enum && !s.enum.includes(value)) return false
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]
  if (value === null) return types.length === 0 || types.includes('null')
  const t = types.find((x) => x !== 'null')
  if (t === 'string') {
    if (typeof value !== 'string') return false
    if (s.minLength !== undefined && value.length < s.minLength) return false
    if (s.maxLength !== undefined && value.length > s.maxLength) return false
    if (s.pattern && !new RegExp(s.pattern, 'u').test(value)) return false
  }
  if (t === 'integer' || t === 'number') {
    if (typeof value !== 'number' || (t === 'integer' && !Number.isInteger(value))) return false
    if (s.minimum !== undefined && value < s.minimum) return false
    if (s.maximum !== undefined && value > s.maximum) return false
  }
  if (t === 'boolean' && typeof value !== 'boolean') return false
  if (t === 'array' && (!Array.isArray(value) || !value.every((v) => valid(s.items, v))))
    return false
  if (t === 'object') {
    if (typeof value !== 'object' || Array.isArray(value)) return false
    const obj = value as Json
    if ((s.required ?? []).some((k) => !(k in obj))) return false
    for (const [k, v] of Object.entries(obj)) {
      if (s.properties && k in s.properties) {
        if (!valid(s.properties[k], v)) return false
      } else if (s.additionalProperties === false) return false
    }
  }
  return true
}

function validInput(
  op: ContractOperation,
  query: URLSearchParams,
  pathValues: string[],
  headers: IncomingMessage['headers'],
  body: string,
): boolean {
  const pathParams = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)
  for (const p of op.parameters) {
    const s = contract.resolve<Schema>(p.schema)
    const type = Array.isArray(s.type) ? s.type[0] : s.type
    const coerce = (v: string) =>
      type === 'integer' || type === 'number' ? (/^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v) : v
    if (p.in === 'query') {
      const v = query.get(p.name)
      if (v === null) {
        if (p.required) return false
        continue
      }
      if (!valid(s, coerce(v))) return false
    }
    if (p.in === 'path') {
      const v = pathValues[pathParams.indexOf(p.name)]
      if (v !== undefined && !valid(s, coerce(decodeURIComponent(v)))) return false
    }
    if (p.in === 'header') {
      const v = headers[p.name.toLowerCase()]
      if (v === undefined) {
        if (p.required) return false
        continue
      }
      if (!valid(s, coerce(String(v)))) return false
    }
  }
  if (op.requestSchema && body) {
    try {
      if (!valid(op.requestSchema, JSON.parse(body))) return false
    } catch {
      return false
    }
  }
  return true
}

// ---------------------------------------------------------------- the server

export type LoginMode = 'ok' | 'fails' | 'no-cookie' | 'bad-error-code' | 'not-json'

/**
 * How the session behaves: `ok` (refused only once ended), `refused-after-login` (every
 * protected call after login answers the documented 401), `kept-after-logout` (logout clears
 * the cookie but the server still accepts it), `cookie-not-http-only` (Set-Cookie without
 * HttpOnly), `same-request-id` (every error answer carries its example's requestId, as a
 * server with a constant id would), `logout-needs-session` (logout with an ended session answers
 * 401 instead of succeeding).
 */
export type SessionMode =
  | 'ok'
  | 'refused-after-login'
  | 'kept-after-logout'
  | 'cookie-not-http-only'
  | 'same-request-id'
  | 'logout-needs-session'

/** How what the --write calls make behaves (the --write checks). */
export type OrderMode = {
  /**
   * Operations that ignore the Idempotency-Key: a repeat is made again (createDeposit: another
   * order; cancelDeposit: 409 ORDER_ALREADY_FINAL instead of the first 200).
   */
  ignoresKey: OperationId[]
  /**
   * A canceled or paid deposit order refuses cancel (409) and stays out of the open list
   * (false: cancel cancels anything, and the check reopens a canceled order).
   */
  finalStaysFinal: boolean
  /** Created deposits, withdrawals, bank accounts and promotion usages are listed. */
  listed: boolean
  /** Operations whose repeat answers the first answer but makes the resource again. */
  replayMakes?: OperationId[]
  /** Operations that make the resource again with a new key while the first stands. */
  allowsRepeat?: OperationId[]
  /** A replay answers without `Idempotent-Replayed: true`. */
  replayUnmarked?: boolean
}
export const CONFORMING_ORDERS: OrderMode = {
  ignoresKey: [],
  finalStaysFinal: true,
  listed: true,
}

export type Upstream = {
  /** Base URL a backend developer would pass as --target (with /api). */
  target: string
  /** The case served now; undefined serves the clean control. */
  use(caseName: string | undefined): void
  /** How login answers. */
  login(mode: LoginMode): void
  /** How the session and the error answers' request ids behave. */
  session(mode: SessionMode): void
  /** Operations answered normally without the session cookie (ignored auth). */
  ignoreAuth(ids: OperationId[]): void
  /** Operations that accept any input (no validation), and what they answer then. */
  acceptAnyInput(ids: OperationId[], answer?: 'normal' | '500'): void
  /** Operations answered after a delay. */
  delay(id: OperationId | undefined, ms: number): void
  /** Sets the mode and forgets what earlier runs made (the examples' history comes back). */
  orders(mode: OrderMode): void
  /** Requests seen (method, path and Idempotency-Key if any), for assertions. */
  seen: string[]
  close(): Promise<void>
}

async function readBody(req: IncomingMessage) {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  return text
}

type Order = Json & { id: string; status: string }
type Usage = Json & { usageId: string; status: string }

/** Statuses of a deposit order that answer ORDER_ALREADY_PAID rather than ORDER_ALREADY_FINAL. */
const PAID = ['PAID', 'SUCCESS']
const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z')
const newId = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 10)}`

/** A named error example with its `details` made to describe this order. */
function orderError(id: OperationId, status: string, name: string, order: Order): Answer {
  const body = structuredClone(exampleOf<Json & { details: Json }>(id, status, name))
  body.details = { ...body.details, orderKind: 'deposit', orderId: order.id, status: order.status }
  return json(Number(status), body)
}

/** What the --write calls make: bank accounts, orders, usages, Idempotency-Key answers. */
function freshState() {
  return {
    orders: new Map<string, Order>(),
    withdraws: new Map<string, Order>(),
    usages: new Map<string, Usage>(),
    bankAccounts: [] as Json[],
    history: structuredClone(exampleOf<{ items: Order[] }>('listDeposits', '200').items),
    /** Idempotency-Key -> the request it came with and the first answer. */
    keys: new Map<string, { request: string; answer: Answer }>(),
  }
}

/**
 * What a conforming server does beyond its examples: a 2xx answer carries the request's own
 * values where it repeats them (inputsOf: same name or the input's x-answered-as), and every
 * error answer has a requestId of its own. A drift case's answer is sent as the case made it.
 */
function conformed(id: OperationId, a: Answer, url: URL, requestBody: string, sameId: boolean) {
  if (!(a.headers['content-type'] ?? '').toString().includes('json')) return a
  let body: unknown
  try {
    body = JSON.parse(a.body)
  } catch {
    return a
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return a
  const out = body as Json
  if (a.status >= 400 && typeof out.requestId === 'string' && !sameId)
    out.requestId = `req_${randomUUID().replaceAll('-', '').slice(0, 12)}`
  if (a.status < 300) {
    let parsed: unknown
    try {
      parsed = requestBody ? JSON.parse(requestBody) : undefined
    } catch {
      parsed = undefined
    }
    const op = contract.operations.get(id)!
    for (const input of inputsOf(op, url, parsed)) {
      const alias = input.ext['x-answered-as']
      const field = input.name in out ? input.name : typeof alias === 'string' ? alias : undefined
      if (input.sent && field && field in out)
        out[field] = typeof out[field] === 'number' ? Number(input.value) : input.value
    }
    // The figures follow the amount or credit asked, as the contract computes them (x-formula):
    // a deposit's credit at its rate, a withdrawal without a promotion received whole.
    if (typeof out.totalCredit === 'string') {
      const cents = Math.floor((Number(out.amount) * 100) / Number(out.rate))
      out.credit = (cents / 100).toFixed(2)
      out.totalCredit = ((cents + Math.round(Number(out.promotionCredit) * 100)) / 100).toFixed(2)
    }
    if (
      typeof out.payoutAmount === 'string' &&
      out.bonusDeducted === '0.00' &&
      out.returnCredit === '0.00'
    ) {
      out.receiveCredit = out.credit
      out.payoutAmount = String(Math.floor(Number(out.credit) * Number(out.rate)))
    }
  }
  return { ...a, body: JSON.stringify(out) }
}

export async function startUpstream(port: number): Promise<Upstream> {
  let current: DriftCase | undefined
  let loginMode: LoginMode = 'ok'
  let sessionMode: SessionMode = 'ok'
  /** Whether the session cookie was ended (logout, password change) since the last login. */
  let ended = false
  let noAuth = new Set<string>()
  let anyInput = new Map<string, 'normal' | '500'>()
  let slow: { id?: OperationId; ms: number } = { ms: 0 }
  let orderMode = CONFORMING_ORDERS
  let made = freshState()
  const seen: string[] = []
  const conform = (id: OperationId, a: Answer, url: URL, body: string) =>
    current?.operationId === id ? a : conformed(id, a, url, body, sessionMode === 'same-request-id')

  /** A page of a history with what this server made first, newest first. */
  const page = <T>(id: OperationId, mine: T[]) => {
    const base = exampleOf<Json & { items: T[]; total: number }>(id, '200')
    const shown = orderMode.listed ? mine : []
    return json(200, {
      ...base,
      items: [...shown, ...base.items],
      total: base.total + shown.length,
    })
  }

  /** The 409 a second create gets while the first stands (x-repeat-refused), if it is one. */
  const oneAtATime = (id: OperationId, replay: boolean): Answer | undefined => {
    const { orders, withdraws, usages, bankAccounts } = made
    const open = (list: Iterable<{ status: string }>, statuses: string[]) =>
      [...list].some((o) => statuses.includes(o.status))
    const standing: Partial<Record<OperationId, [boolean, string]>> = {
      createDeposit: [open(orders.values(), ['OPEN']), 'OPEN_ORDER'],
      createWithdraw: [open(withdraws.values(), ['OPEN']), 'OPEN_ORDER'],
      usePromotion: [open(usages.values(), ['ACTIVE', 'USED']), 'PROMOTION_ALREADY_ACTIVE'],
      addBankAccount: [bankAccounts.length > 0, 'BANK_ACCOUNT_LIMIT_REACHED'],
    }
    const [stands, code] = standing[id] ?? [false, '']
    // A server that ignores keys, or acts on a replay, makes the replay again (their drift).
    const lax = replay ? [orderMode.ignoresKey, orderMode.replayMakes] : [orderMode.allowsRepeat]
    if (!stands || lax.some((ids) => ids?.includes(id))) return undefined
    return json(409, exampleOf(id, '409', code))
  }

  const statefulAnswer = (
    id: OperationId,
    pathValues: string[],
    body: string,
    replay = false,
  ): Answer | undefined => {
    const { orders, withdraws, usages, bankAccounts, history } = made
    const refused = oneAtATime(id, replay)
    if (refused) return refused
    const orderId = pathValues[0] ? decodeURIComponent(pathValues[0]) : undefined
    const known = orderId
      ? (orders.get(orderId) ?? history.find((o) => o.id === orderId))
      : undefined
    if (id === 'addBankAccount') {
      const account = {
        ...structuredClone(exampleOf<Json>('addBankAccount', '201')),
        id: newId('ba'),
      }
      bankAccounts.push(account)
      return json(201, account)
    }
    if (id === 'listBankAccounts' && bankAccounts.length) {
      const base = exampleOf<{ bankAccounts: Json[] }>('listBankAccounts', '200')
      // The contract allows one account: the one added last.
      return json(200, {
        ...base,
        bankAccounts: orderMode.listed ? bankAccounts.slice(-1) : base.bankAccounts,
      })
    }
    if (id === 'createDeposit') {
      const order = {
        ...structuredClone(exampleOf<Order>('createDeposit', '201')),
        id: newId('dp'),
        status: 'OPEN',
      }
      orders.set(order.id, order)
      return json(201, order)
    }
    if (id === 'listOpenDeposits') {
      const base = exampleOf<{ deposits: Order[] }>('listOpenDeposits', '200')
      const open = [...orders.values()].filter((o) => o.status === 'OPEN')
      return json(200, { ...base, deposits: orderMode.listed ? open : [] })
    }
    if (id === 'listDeposits') {
      const base = exampleOf<Json & { items: Order[]; total: number }>('listDeposits', '200')
      const mine = orderMode.listed ? [...orders.values()] : []
      return json(200, { ...base, items: [...mine, ...history], total: base.total + mine.length })
    }
    if (id === 'checkDeposit' || id === 'getDeposit') {
      if (!known) return json(404, exampleOf(id, '404'))
      // Checking is not an error: the order as it is after the check, in every status (200;
      // DepositStatus x-lifecycle). A non-conforming server reopens a final order.
      if (!orderMode.finalStaysFinal && known.status !== 'OPEN') {
        Object.assign(known, { status: 'OPEN', reason: null, closedAt: null })
      }
      return json(200, known)
    }
    if (id === 'cancelDeposit') {
      if (!known) return json(404, exampleOf(id, '404'))
      if (known.status === 'OPEN' || !orderMode.finalStaysFinal) {
        Object.assign(known, { status: 'CANCELED', reason: 'PLAYER_CANCELED', closedAt: now() })
        return json(200, known)
      }
      // The table's refusal rows for cancelDeposit, first match wins.
      const code = PAID.includes(known.status)
        ? 'ORDER_ALREADY_PAID'
        : known.reason === 'EXPIRED'
          ? 'ORDER_EXPIRED'
          : 'ORDER_ALREADY_FINAL'
      return orderError(id, '409', code, known)
    }
    if (id === 'getWithdraw') {
      const withdraw = orderId ? withdraws.get(orderId) : undefined
      return withdraw ? json(200, withdraw) : undefined
    }
    if (id === 'createWithdraw') {
      const order = {
        ...structuredClone(exampleOf<Order>('createWithdraw', '201')),
        id: newId('wd'),
        status: 'OPEN',
      }
      withdraws.set(order.id, order)
      return json(201, order)
    }
    if (id === 'listOpenWithdraws') {
      const base = exampleOf<{ withdraws: Order[] }>('listOpenWithdraws', '200')
      const open = [...withdraws.values()].filter((o) => o.status === 'OPEN')
      return json(200, { ...base, withdraws: orderMode.listed ? open : [] })
    }
    if (id === 'listWithdraws') return page('listWithdraws', [...withdraws.values()])
    if (id === 'usePromotion') {
      const { promotionId } = JSON.parse(body) as { promotionId: string }
      const usage = {
        ...structuredClone(exampleOf<Usage>('usePromotion', '200')),
        usageId: newId('pu'),
        promotionId,
        status: 'ACTIVE',
        createdAt: now(),
      }
      usages.set(usage.usageId, usage)
      return json(200, usage)
    }
    if (id === 'getCurrentPromotion') {
      const inForce = [...usages.values()].find((u) => ['ACTIVE', 'USED'].includes(u.status))
      return inForce && orderMode.listed ? json(200, { usage: inForce }) : undefined
    }
    if (id === 'listPromotionUsages') return page('listPromotionUsages', [...usages.values()])
    if (id === 'cancelPromotionUsage') {
      const { usageId } = JSON.parse(body) as { usageId: string }
      const usage = usages.get(usageId)
      if (!usage) return json(404, exampleOf(id, '404'))
      if (!['ACTIVE', 'USED'].includes(usage.status))
        return json(409, exampleOf(id, '409', 'PROMOTION_USAGE_ENDED'))
      usage.status = 'CANCELED'
      usage.endedAt = now()
      return json(200, usage)
    }
    return undefined
  }

  const server: Server = createServer((req, res) => {
    void readBody(req).then(async (body) => {
      const url = new URL(req.url ?? '/', 'http://upstream')
      const key = req.headers['idempotency-key']
      seen.push(`${req.method} ${url.pathname}${key ? ` key=${String(key)}` : ''}`)
      if (seen.length > 5000) seen.splice(0, seen.length - 5000)
      const path = url.pathname.replace(/^\/api(?=\/)/, '')
      const route = url.pathname.startsWith('/api/')
        ? routes.find((r) => r.method === req.method && r.pattern.test(path))
        : undefined
      if (route && slow.id === route.operationId && slow.ms > 0) {
        await new Promise((r) => setTimeout(r, slow.ms))
      }
      const send = (a: Answer) => {
        const answered = route ? conform(route.operationId, a, url, body) : a
        res.writeHead(answered.status, answered.headers)
        res.end(answered.body)
      }
      if (url.pathname === '/login') {
        return send({
          status: 200,
          body: '<!doctype html><title>Sign in</title><form></form>',
          headers: { 'content-type': 'text/html; charset=utf-8' },
        })
      }
      if (!route) return send(json(404, { code: 'VALIDATION_FAILED', message: 'No such route.' }))
      const id = route.operationId
      const op = contract.operations.get(id)!
      const pathValues = route.pattern.exec(path)!.slice(1)
      const hasSid = /(^|;\s*)sid=[^;]+/.test(req.headers.cookie ?? '')
      const refused =
        (ended && sessionMode !== 'kept-after-logout') ||
        (sessionMode === 'refused-after-login' && id !== 'loginPlayer' && id !== 'logoutPlayer')
      const needsSession =
        route.secured || (id === 'logoutPlayer' && sessionMode === 'logout-needs-session')
      if (needsSession && !noAuth.has(id) && (!hasSid || refused)) {
        // logoutPlayer documents no 401: a wrong server answers the others' one.
        return send(json(401, exampleOf(route.secured ? id : 'getPlayerInfo', '401')))
      }
      if (!validInput(op, url.searchParams, pathValues, req.headers, body)) {
        const accept = anyInput.get(id)
        if (accept === '500') return send(json(500, exampleOf(id, '500')))
        if (!accept) {
          const status = ['400', '422', '404'].find((s) => s in op.responses)!
          return send(json(Number(status), Object.values(examplesOf(id, status))[0]))
        }
      }
      if (id === 'loginPlayer' && loginMode !== 'ok') {
        if (loginMode === 'fails')
          return send(json(400, exampleOf('loginPlayer', '400', 'LOGIN_FAILED')))
        if (loginMode === 'no-cookie') return send(json(200, exampleOf('loginPlayer', '200')))
        if (loginMode === 'bad-error-code')
          return send(json(400, { code: 'WRONG_CREDENTIALS', message: 'Nope.' }))
        return send({
          status: 400,
          body: '<html><body>Bad Request</body></html>',
          headers: { 'content-type': 'text/html' },
        })
      }
      const normal = normalAnswer(id)
      if (current?.operationId === id) return send(current.answer(normal, { pathValues }))
      // The Idempotency-Key rules of the contract (decision 005): a repeat answers the first
      // answer, the same key with another request is refused.
      const keyed = headerParameter(op, 'Idempotency-Key') && typeof key === 'string' ? key : ''
      const request = `${req.method} ${path} ${body}`
      const first = keyed ? made.keys.get(keyed) : undefined
      if (first && !orderMode.ignoresKey.includes(id)) {
        if (first.request === request) {
          if (orderMode.replayMakes?.includes(id)) statefulAnswer(id, pathValues, body, true)
          const marked: Record<string, string> = orderMode.replayUnmarked
            ? {}
            : { 'idempotent-replayed': 'true' }
          return send({ ...first.answer, headers: { ...first.answer.headers, ...marked } })
        }
        return send(json(422, exampleOf(id, '422', 'IDEMPOTENCY_KEY_REUSED')))
      }
      const starts = ['loginPlayer', 'registerPlayer'].includes(id)
      const ends = ['logoutPlayer', 'changePassword'].includes(id)
      if (starts) ended = false
      if (ends) ended = true
      const cookie = starts
        ? sessionMode === 'cookie-not-http-only'
          ? SESSION.replace('; HttpOnly', '')
          : SESSION
        : ends
          ? CLEARED
          : undefined
      const answer =
        statefulAnswer(id, pathValues, body, Boolean(first)) ??
        json(normal.status, normal.body, cookie ? { 'set-cookie': cookie } : {})
      if (keyed) made.keys.set(keyed, { request, answer })
      send(answer)
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: bound } = server.address() as AddressInfo
  return {
    target: `http://127.0.0.1:${bound}/api`,
    use(name) {
      current =
        name === undefined
          ? undefined
          : [
              ...DRIFT_CASES,
              ...CONTEXT_CASES,
              ...Object.values(LIFECYCLE_CASES),
              DOCUMENTED_404,
            ].find((c) => c.name === name)
      if (name !== undefined && !current) throw new Error(`no drift case "${name}"`)
    },
    login(mode) {
      loginMode = mode
    },
    session(mode) {
      sessionMode = mode
      ended = false
    },
    ignoreAuth(ids) {
      noAuth = new Set(ids)
    },
    acceptAnyInput(ids, answer = 'normal') {
      anyInput = new Map(ids.map((id) => [id, answer]))
    },
    delay(id, ms) {
      slow = { id, ms }
    },
    orders(mode) {
      orderMode = mode
      made = freshState()
    },
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
