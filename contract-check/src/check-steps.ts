// The checks made around the scenario's own calls, right after the step they are about (the
// session is then in the state the step left it in):
// - ignored auth: each protected read call is made again without the session cookie and must
//   answer the documented 401;
// - negative data: each safe call that takes input is sent a few payloads the contract forbids
//   (negative.ts) and must refuse them with a documented 4xx and an Error body;
// and with --write, only where the contract declares what they need:
// - Idempotency-Key: a create whose operation declares an `Idempotency-Key` header parameter is
//   sent again with the same key and body, and must return the same resource;
// - final orders: the order this run canceled, and a paid one from the history, stay final
//   (cancel again is refused or changes nothing; the check does not reopen it; the open list
//   does not list it);
// - read-back: the id a create returned is found in the calls the site reads it back with.
// What a check cannot do on this contract or account is reported as not exercised, with why.
import { operations } from '../../generated/api/operations'
import { documentedResponse, headerParameter, type Contract } from './contract'
import type { CallRecord, CheckName, CheckOptions, Finding } from './drift-checks'
import { hasInput, negativeCases } from './negative'
import type { StepKind } from './drift-scenario'

export type CheckOutcome = {
  check: CheckName
  operationId: string
  status: 'passed' | 'failed' | 'not exercised'
  /** Why it was not exercised, or what was checked. */
  detail: string
}

export type Send = (call: {
  operationId: string
  check: CheckName
  method: string
  /** Concrete path under the target (`/v2/deposits/42/cancel`). */
  path: string
  query?: URLSearchParams
  headers?: [string, string][]
  body?: unknown
  withSession: boolean
  note?: string
  checkOptions?: CheckOptions
  judge?: (answer: { status?: number; body: unknown }) => Finding[]
}) => Promise<{ record: CallRecord; status?: number; body: unknown }>

type StepInfo = {
  operationId: string
  kind: StepKind
  write: boolean
  enabled: ReadonlySet<CheckName>
  contract: Contract
  /** The scenario's calls of this operation in this step. */
  calls: CallRecord[]
  allCalls: CallRecord[]
  rawBody(call: CallRecord): { request?: string; response?: string } | undefined
  send: Send
}

/** Operations whose input is never sent negative data: they record or change something. */
export const NEGATIVE_EXCLUDED: Record<string, string> = {
  registerFingerprint: 'stores a visit record',
  logoutPlayer: 'ends the session',
}

/**
 * Where a created resource is read back, in the order the site reads it: the id the create
 * answered must appear in one of these answers. Operations missing from the contract are skipped.
 */
export const READ_BACK: Record<string, string[]> = {
  createDeposit: ['listOpenDeposits', 'listDeposits'],
  createWithdraw: ['listOpenWithdraws', 'listWithdraws'],
  addBankAccount: ['listBankAccounts'],
  usePromotion: ['getCurrentPromotion', 'listPromotionUsages'],
}

/** The operations final-order checks use: cancel, check and the open list of deposits. */
export const FINAL_ORDER = {
  cancel: 'cancelDeposit',
  check: 'checkDeposit',
  openList: 'listOpenDeposits',
  history: 'listDeposits',
  /** Status of an order that may still change; every other status is final. */
  open: 'OPEN',
} as const

const ok = (status: number | undefined) => status !== undefined && status >= 200 && status < 300
const is4xx = (status: number | undefined) => status !== undefined && status >= 400 && status < 500

function parse(text: string | undefined): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Whether `value` appears anywhere in a JSON value (as a string or number). */
function contains(node: unknown, value: string): boolean {
  if (node === value || (typeof node === 'number' && String(node) === value)) return true
  if (Array.isArray(node)) return node.some((n) => contains(n, value))
  if (node && typeof node === 'object') return Object.values(node).some((n) => contains(n, value))
  return false
}

/** The id of what a create answered: `id`, else the first `...Id` property. */
function createdId(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined
  const b = body as Record<string, unknown>
  const key = 'id' in b ? 'id' : Object.keys(b).find((k) => /Id$/.test(k))
  const value = key ? b[key] : undefined
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined
}

function pathOf(template: string, params: Record<string, string>) {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  )
}

function splitUrl(url: string) {
  const u = new URL(url, 'http://x')
  return { path: u.pathname, query: u.searchParams }
}

export async function afterStep(step: StepInfo): Promise<CheckOutcome[]> {
  const out: CheckOutcome[] = []
  const op = step.contract.operations.get(step.operationId)
  const first = step.calls.find((c) => c.check === 'scenario')
  if (!op || !first) return out
  const { path, query } = splitUrl(first.url)
  const rawRequest = step.rawBody(first)?.request
  const requestBody = parse(rawRequest)

  // ---------------------------------------------------------------- ignored auth
  if (step.enabled.has('auth') && op.secured && step.kind === 'read') {
    const { record, status } = await step.send({
      operationId: op.operationId,
      check: 'auth',
      method: op.method,
      path,
      query,
      body: rawRequest,
      withSession: false,
      note: 'ignored auth: same call without the session cookie',
      checkOptions: { expectedRequestViolations: 'security' },
      judge: ({ status: s }) =>
        s === 401
          ? []
          : [
              {
                kind: 'auth-ignored',
                field: 'status',
                message: `answered ${s} without the session cookie (the contract documents 401${documentedResponse(op, 401) ? '' : ', but not for this operation'})`,
              },
            ],
    })
    out.push({
      check: 'auth',
      operationId: op.operationId,
      status: record.findings.length ? 'failed' : 'passed',
      detail: `without the session cookie: ${status ?? 'no answer'}`,
    })
  }

  // ---------------------------------------------------------------- negative data
  if (step.enabled.has('negative') && step.kind === 'read' && hasInput(op)) {
    if (NEGATIVE_EXCLUDED[op.operationId]) {
      out.push({
        check: 'negative',
        operationId: op.operationId,
        status: 'not exercised',
        detail: `not sent negative data: it ${NEGATIVE_EXCLUDED[op.operationId]}`,
      })
    } else {
      const cases = negativeCases(step.contract, op, { path, query, body: requestBody })
      let judged = 0
      let failed = 0
      for (const c of cases) {
        const { record } = await step.send({
          operationId: op.operationId,
          check: 'negative',
          method: op.method,
          path: c.path,
          query: c.query,
          body: c.body,
          withSession: op.secured,
          note: `negative data: ${c.name}`,
          checkOptions: { expectedRequestViolations: 'input' },
          judge: ({ status }) =>
            ok(status) || (status !== undefined && status < 400)
              ? [
                  {
                    kind: 'negative-accepted',
                    field: c.name.replace(/ .*$/, ''),
                    message: `${c.name}: answered ${status}, not a documented 4xx`,
                  },
                ]
              : [],
        })
        // Prism must agree the payload breaks the contract; otherwise it proves nothing.
        const prismAgrees = record.violations.some(
          (v) => String(v.location[0]) === 'request' && v.severity === 'Error',
        )
        if (!prismAgrees) {
          record.findings = record.findings.filter((f) => f.kind !== 'negative-accepted')
          record.note = `${record.note ?? ''} (Prism found this input valid: not judged)`
          continue
        }
        judged++
        if (record.findings.length) failed++
      }
      out.push({
        check: 'negative',
        operationId: op.operationId,
        status: judged === 0 ? 'not exercised' : failed ? 'failed' : 'passed',
        detail:
          judged === 0
            ? 'no payload the contract forbids could be made from its schema'
            : `${judged} forbidden input${judged === 1 ? '' : 's'}, ${failed} not refused as documented`,
      })
    }
  }

  if (!step.write) return out

  // ---------------------------------------------------------------- Idempotency-Key
  const keyParam = headerParameter(op, 'Idempotency-Key')
  if (!step.enabled.has('idempotency')) {
    // not asked for
  } else if (step.kind === 'write' && keyParam) {
    const key = first.request.headers.find(([k]) => k.toLowerCase() === keyParam.name.toLowerCase())
    const firstBody = parse(step.rawBody(first)?.response)
    if (!ok(first.status) || !key) {
      out.push({
        check: 'idempotency',
        operationId: op.operationId,
        status: 'not exercised',
        detail: !key
          ? `the call sent no ${keyParam.name}`
          : `the first call answered ${first.status ?? 'nothing'}, so nothing was created to replay`,
      })
    } else {
      const id = createdId(firstBody)
      const { record } = await step.send({
        operationId: op.operationId,
        check: 'idempotency',
        method: op.method,
        path,
        query,
        headers: first.request.headers.filter(([k]) => k.toLowerCase() !== 'cookie'),
        body: rawRequest,
        withSession: true,
        note: `same ${keyParam.name} and body again`,
        judge: ({ status, body }) => {
          // A repeat answers the first answer: same status, same resource.
          if (status !== first.status)
            return [
              {
                kind: 'idempotency',
                field: keyParam.name,
                message: `the replay answered ${status}, not the first call's ${first.status}`,
              },
            ]
          const again = createdId(body)
          if (id !== undefined && again !== id)
            return [
              {
                kind: 'idempotency',
                field: keyParam.name,
                message: `the replay created another resource (${again ?? 'no id'}, first ${id}): cancel it by hand`,
              },
            ]
          return []
        },
      })
      out.push({
        check: 'idempotency',
        operationId: op.operationId,
        status: record.findings.length ? 'failed' : 'passed',
        detail: `replayed with the same ${keyParam.name}: ${record.status ?? 'no answer'}`,
      })
    }
  } else if (step.kind === 'write' && READ_BACK[op.operationId]) {
    out.push({
      check: 'idempotency',
      operationId: op.operationId,
      status: 'not exercised',
      detail: 'the contract declares no Idempotency-Key header for this operation',
    })
  }

  // ---------------------------------------------------------------- read-back
  const readers = READ_BACK[op.operationId]
  if (readers && step.enabled.has('read-back')) {
    const id = createdId(parse(step.rawBody(first)?.response))
    const available = readers.filter((r) => step.contract.operations.has(r))
    if (!ok(first.status) || id === undefined || !available.length) {
      out.push({
        check: 'read-back',
        operationId: op.operationId,
        status: 'not exercised',
        detail: !available.length
          ? `none of ${readers.join(', ')} is in the contract`
          : `the create answered ${first.status ?? 'nothing'}${ok(first.status) ? ' without an id' : ''}`,
      })
    } else {
      let found: string | undefined
      const tried: CallRecord[] = []
      for (const reader of available) {
        const r = step.contract.operations.get(reader)!
        const q = new URLSearchParams()
        if (r.parameters.some((p) => p.in === 'query' && p.name === 'page')) q.set('page', '1')
        const { record, body } = await step.send({
          operationId: reader,
          check: 'read-back',
          method: r.method,
          path: pathOf(r.path, {}),
          query: q,
          withSession: r.secured,
          note: `read back ${op.operationId} ${id}`,
        })
        tried.push(record)
        if (ok(record.status) && contains(body, id)) {
          found = reader
          break
        }
      }
      if (!found) {
        tried.at(-1)!.findings.push({
          kind: 'read-back',
          field: 'id',
          message: `${op.operationId} answered id ${id}, which ${available.join(' and ')} do not list`,
        })
      }
      out.push({
        check: 'read-back',
        operationId: op.operationId,
        status: found ? 'passed' : 'failed',
        detail: found ? `id ${id} listed by ${found}` : `id ${id} not listed`,
      })
    }
  }

  // ---------------------------------------------------------------- final orders
  if (step.enabled.has('final-state') && op.operationId === FINAL_ORDER.cancel) {
    out.push(...(await finalOrders(step, first)))
  }
  return out
}

async function finalOrders(step: StepInfo, cancel: CallRecord): Promise<CheckOutcome[]> {
  const out: CheckOutcome[] = []
  const { contract, send } = step
  const cancelOp = contract.operations.get(FINAL_ORDER.cancel)!
  const checkOp = contract.operations.get(FINAL_ORDER.check)
  const openOp = contract.operations.get(FINAL_ORDER.openList)
  const orderIdParam = cancelOp.parameters.find((p) => p.in === 'path')?.name ?? 'orderId'

  const statusOf = (body: unknown) =>
    body && typeof body === 'object' ? (body as { status?: unknown }).status : undefined

  // A new cancel is a new intent: a fresh key where the contract declares one, so the refusal
  // judged is the order's (ORDER_ALREADY_FINAL, ORDER_ALREADY_PAID), never the 400 of a missing
  // key or the replay of the run's own cancel.
  const cancelKey = headerParameter(cancelOp, 'Idempotency-Key')
  const freshKey = (): [string, string][] =>
    cancelKey ? [[cancelKey.name, crypto.randomUUID()]] : []

  /** An order in a final status must stay there, whatever is asked of it. */
  async function keepsFinal(orderId: string, finalStatus: string | undefined, label: string) {
    const before = step.allCalls.length
    await send({
      operationId: FINAL_ORDER.cancel,
      check: 'final-state',
      method: cancelOp.method,
      path: pathOf(cancelOp.path, { [orderIdParam]: orderId }),
      headers: freshKey(),
      withSession: true,
      note: `${label}: cancel again`,
      judge: ({ status, body }) => {
        if (is4xx(status)) return []
        if (ok(status) && finalStatus === 'CANCELED' && statusOf(body) === finalStatus) return []
        if (status !== undefined && status >= 500) return []
        return [
          {
            kind: 'final-state',
            field: 'status',
            message: `${label}: cancel answered ${status}${statusOf(body) ? ` with status ${String(statusOf(body))}` : ''}; a final order must refuse it (documented 4xx)`,
          },
        ]
      },
    })
    if (checkOp) {
      await send({
        operationId: FINAL_ORDER.check,
        check: 'final-state',
        method: checkOp.method,
        path: pathOf(checkOp.path, { [orderIdParam]: orderId }),
        withSession: true,
        note: `${label}: check`,
        judge: ({ status, body }) => {
          const s = statusOf(body)
          return ok(status) && s === FINAL_ORDER.open
            ? [
                {
                  kind: 'final-state',
                  field: 'status',
                  message: `${label}: the check answers status ${String(s)} (was ${finalStatus ?? 'final'})`,
                },
              ]
            : []
        },
      })
    }
    if (openOp) {
      await send({
        operationId: FINAL_ORDER.openList,
        check: 'final-state',
        method: openOp.method,
        path: openOp.path,
        withSession: true,
        note: `${label}: not in the open orders`,
        judge: ({ status, body }) =>
          ok(status) && contains(body, orderId)
            ? [
                {
                  kind: 'final-state',
                  field: 'id',
                  message: `${label}: ${orderId} is still listed as open`,
                },
              ]
            : [],
      })
    }
    return step.allCalls.slice(before).some((c) => c.findings.length)
  }

  // The order this run canceled.
  const canceled = parse(step.rawBody(cancel)?.response)
  const canceledId = decodeURIComponent(cancel.url.split('/').at(-2) ?? '')
  if (ok(cancel.status) && canceledId && !/probe/.test(cancel.note ?? '')) {
    const failed = await keepsFinal(
      canceledId,
      String(statusOf(canceled) ?? 'CANCELED'),
      'canceled order',
    )
    out.push({
      check: 'final-state',
      operationId: FINAL_ORDER.cancel,
      status: failed ? 'failed' : 'passed',
      detail: `canceled order ${canceledId}`,
    })
  } else {
    out.push({
      check: 'final-state',
      operationId: FINAL_ORDER.cancel,
      status: 'not exercised',
      detail: `this run canceled no order (cancel answered ${cancel.status ?? 'nothing'})`,
    })
  }

  // A paid order from the history (first page), if the account has one.
  const history = step.allCalls.find(
    (c) => c.operationId === FINAL_ORDER.history && c.check === 'scenario' && ok(c.status),
  )
  const items = (() => {
    const body = parse(history ? step.rawBody(history)?.response : undefined)
    const list = body && typeof body === 'object' ? Object.values(body).find(Array.isArray) : []
    return (list ?? []) as { id?: unknown; status?: unknown }[]
  })()
  const paid = items.find((o) => o.status === 'PAID' || o.status === 'SUCCESS')
  if (paid && typeof paid.id === 'string') {
    const failed = await keepsFinal(paid.id, String(paid.status), `${String(paid.status)} order`)
    out.push({
      check: 'final-state',
      operationId: FINAL_ORDER.history,
      status: failed ? 'failed' : 'passed',
      detail: `${String(paid.status)} order ${paid.id} from the history`,
    })
  } else {
    out.push({
      check: 'final-state',
      operationId: FINAL_ORDER.history,
      status: 'not exercised',
      detail: 'no PAID or SUCCESS order on the first page of the history',
    })
  }
  return out
}

/** Every operation the checks may call, for a test that they exist in the generated map. */
export const CHECK_OPERATIONS = [
  ...Object.keys(READ_BACK),
  ...Object.values(READ_BACK).flat(),
  FINAL_ORDER.cancel,
  FINAL_ORDER.check,
  FINAL_ORDER.openList,
  FINAL_ORDER.history,
].filter((id, i, all) => all.indexOf(id) === i && id in operations)
