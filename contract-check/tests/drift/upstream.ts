// A stand-in backend for the drift tests, on 127.0.0.1 under /api like a real one. It answers
// every operation with the contract's first success example (and a session cookie, as the
// contract says), and serves one kind of drift on one operation when a case is chosen.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { operations, type OperationId } from '../../../generated/api/operations'
import { allOperations, exampleOf } from '../spec'

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
  answer(normal: { status: number; body: unknown }): Answer
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
})

type Json = Record<string, unknown>

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
    name: 'unknown error code',
    operationId: 'getPromotion',
    expect: { kind: 'error-code', field: 'code' },
    answer: () => json(404, { code: 'PROMOTION_GONE', message: 'Promotion is gone.' }),
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

const SESSION = 'sid=drift-test-session; Path=/; HttpOnly; SameSite=Lax'
const CLEARED = 'sid=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0'

type Route = { operationId: OperationId; method: string; pattern: RegExp; secured: boolean }

// Concrete paths win over templated ones (`/v2/promotions/usages` is not a promotion id).
const templated = (path: string) => (path.match(/\{/g) ?? []).length
const routes: Route[] = allOperations()
  .sort((a, b) => templated(a.path) - templated(b.path))
  .map(({ method, path, op }) => ({
    operationId: op.operationId as OperationId,
    method: method.toUpperCase(),
    pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    secured: !operations[op.operationId as OperationId].public,
  }))

function normalAnswer(operationId: OperationId): { status: number; body: unknown } {
  const op = allOperations().find((o) => o.op.operationId === operationId)!
  const status = Object.keys(op.op.responses).find((s) => s.startsWith('2'))!
  return { status: Number(status), body: exampleOf(operationId, status) }
}

export type Upstream = {
  /** Base URL a backend developer would pass as --target (with /api). */
  target: string
  /** The case served now; undefined serves the clean control. */
  use(caseName: string | undefined): void
  /** How login answers: normally, 400 LOGIN_FAILED, or 200 without the session cookie. */
  login(mode: LoginMode): void
  /** Requests seen (method and path), for assertions. */
  seen: string[]
  close(): Promise<void>
}

async function drain(req: IncomingMessage) {
  for await (const chunk of req) void chunk
}

export type LoginMode = 'ok' | 'fails' | 'no-cookie'

export async function startUpstream(port: number): Promise<Upstream> {
  let current: DriftCase | undefined
  let loginMode: LoginMode = 'ok'
  const seen: string[] = []
  const server: Server = createServer((req, res) => {
    void drain(req).then(() => {
      const url = new URL(req.url ?? '/', 'http://upstream')
      seen.push(`${req.method} ${url.pathname}`)
      if (seen.length > 5000) seen.splice(0, seen.length - 5000)
      const send = (a: Answer) => {
        res.writeHead(a.status, a.headers)
        res.end(a.body)
      }
      const path = url.pathname.replace(/^\/api(?=\/)/, '')
      const route = url.pathname.startsWith('/api/')
        ? routes.find((r) => r.method === req.method && r.pattern.test(path))
        : undefined
      if (!route) return send(json(404, { code: 'VALIDATION_FAILED', message: 'No such route.' }))
      if (route.secured && !/(^|;\s*)sid=[^;]+/.test(req.headers.cookie ?? '')) {
        return send(json(401, exampleOf(route.operationId, '401')))
      }
      if (route.operationId === 'loginPlayer' && loginMode === 'fails') {
        return send(json(400, exampleOf('loginPlayer', '400', 'LOGIN_FAILED')))
      }
      if (route.operationId === 'loginPlayer' && loginMode === 'no-cookie') {
        return send(json(200, exampleOf('loginPlayer', '200')))
      }
      const normal = normalAnswer(route.operationId)
      if (current?.operationId === route.operationId) return send(current.answer(normal))
      const cookie = ['loginPlayer', 'registerPlayer'].includes(route.operationId)
        ? SESSION
        : ['logoutPlayer', 'changePassword'].includes(route.operationId)
          ? CLEARED
          : undefined
      send(json(normal.status, normal.body, cookie ? { 'set-cookie': cookie } : {}))
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: bound } = server.address() as AddressInfo
  return {
    target: `http://127.0.0.1:${bound}/api`,
    use(name) {
      current = name === undefined ? undefined : DRIFT_CASES.find((c) => c.name === name)
      if (name !== undefined && !current) throw new Error(`no drift case "${name}"`)
    },
    login(mode) {
      loginMode = mode
    },
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
