// @vitest-environment node
// The status enums' `x-lifecycle` tables (DepositStatus, WithdrawStatus, PromotionUsageStatus)
// are the contract's state machines. These tests walk every table against the examples and the
// mock's scenarios: what an example shows, and what the mock answers after a move, is what the
// table allows. (Spectral's lifecycle-tables rule checks each table's own shape.)
import { describe, expect, it } from 'vitest'
import type { Refusal } from '../../contract-check/src/lifecycles'
import { operations, type OperationId } from '../../generated/api/operations'
import { AS_SCENARIO, scenarios, type Scenario } from '../../mock/scenarios'
import {
  allDeposits,
  allOperations,
  allUsages,
  allWithdraws,
  deref,
  exampleEntriesOf,
  spec,
} from './spec'

type Row = { from: string[]; to?: string; reasons?: string[]; when?: string }
type Transition = { from: string; to: string; reasons?: string[]; when: string }
type Lifecycle = {
  initial: string[]
  final: string[]
  transitions: Transition[]
  refusals: Refusal[]
}
type StatusSchema = { enum: string[]; 'x-lifecycle': Lifecycle }

const schemas = spec.components.schemas as Record<string, StatusSchema>
const table = (name: string) => schemas[name]!['x-lifecycle']

/** Each status enum with its examples and the field that says when a record ended. */
const KINDS = [
  { schema: 'DepositStatus', records: allDeposits, ended: 'closedAt', reason: true },
  { schema: 'WithdrawStatus', records: allWithdraws, ended: 'closedAt', reason: true },
  { schema: 'PromotionUsageStatus', records: allUsages, ended: 'endedAt', reason: false },
] as const

type Item = { status: string; reason?: string | null } & Record<string, unknown>

/** The first refusal row of `operation` matching a status and reason (the table's rule). */
function refusalFor(
  lifecycle: Lifecycle,
  operation: string,
  status: string,
  reason?: string | null,
) {
  return lifecycle.refusals.find(
    (r: Row & { operation: string }) =>
      r.operation === operation &&
      r.from.includes(status) &&
      !r.when &&
      (!r.reasons || (reason != null && r.reasons.includes(reason))),
  )
}

/** The statuses a record in `from` can be in later (itself included), along the moves. */
function reachable(lifecycle: Lifecycle, from: string): string[] {
  const seen = new Set([from])
  for (const status of seen)
    for (const t of lifecycle.transitions) if (t.from === status) seen.add(t.to)
  return [...seen]
}

/** Every documented answer of an operation by example name: its HTTP status and body. */
function answersOf(operationId: OperationId) {
  const out = new Map<string, { status: number; value: Item }>()
  const op = allOperations().find((o) => o.op.operationId === operationId)!
  for (const status of Object.keys(op.op.responses)) {
    for (const entry of exampleEntriesOf(operationId, status))
      out.set(entry.name, { status: Number(status), value: entry.value as Item })
  }
  return out
}

describe('every status enum carries a lifecycle table', () => {
  it('the tables exist for the three status enums and name only their own statuses', () => {
    for (const { schema } of KINDS) {
      const { enum: values, 'x-lifecycle': lifecycle } = schemas[schema]!
      expect(lifecycle, schema).toBeDefined()
      const all = [
        ...lifecycle.initial,
        ...lifecycle.final,
        ...lifecycle.transitions.flatMap((t) => [t.from, t.to]),
        ...lifecycle.refusals.flatMap((r) => r.from),
      ]
      for (const status of all) expect(values, `${schema} ${status}`).toContain(status)
    }
  })
})

describe.each(KINDS)('$schema against the examples', ({ schema, records, ended, reason }) => {
  const lifecycle = table(schema)
  const items = (records() as unknown as Item[]).filter((i) => i && typeof i === 'object')

  it('every status appears in an example', () => {
    expect(new Set(items.map((i) => i.status))).toEqual(new Set(schemas[schema]!.enum))
  })

  it(`${ended} is set exactly when the status is final`, () => {
    for (const item of items) {
      const isFinal = lifecycle.final.includes(item.status)
      expect(item[ended] !== null, `${item.status} ${JSON.stringify(item)}`).toBe(isFinal)
    }
  })

  it(`reason ${reason ? 'is one the moves into the status set, and null otherwise' : 'is not a field'}`, () => {
    for (const item of items) {
      if (!reason) {
        expect('reason' in item, JSON.stringify(item)).toBe(false)
        continue
      }
      const allowed = lifecycle.transitions
        .filter((t) => t.to === item.status)
        .flatMap((t) => t.reasons ?? [])
      if (allowed.length === 0) expect(item.reason, JSON.stringify(item)).toBeNull()
      else expect(allowed, JSON.stringify(item)).toContain(item.reason)
    }
  })

  it('final statuses have no way out; every other status has one', () => {
    for (const status of schemas[schema]!.enum) {
      const out = lifecycle.transitions.filter((t) => t.from === status)
      expect(out.length === 0, status).toBe(lifecycle.final.includes(status))
    }
  })

  it('each refusal is documented by its operation with its code, for statuses it names', () => {
    for (const refusal of lifecycle.refusals) {
      const answers = [...answersOf(refusal.operation as OperationId).values()]
      const refused = answers.filter((a) => a.status >= 400 && a.value.code === refusal.code)
      expect(refused.length, `${refusal.operation} ${refusal.code}`).toBeGreaterThan(0)
      for (const { value } of refused) {
        const status = (value.details as { status?: string } | undefined)?.status
        if (status) {
          const all = lifecycle.refusals.filter(
            (r) => r.operation === refusal.operation && r.code === refusal.code,
          )
          expect(
            all.some((r) => r.from.includes(status)),
            `${refusal.code} ${status}`,
          ).toBe(true)
        }
      }
    }
  })
})

describe('reads of one order answer it in every status', () => {
  it('checkDeposit and getDeposit document no refusal but 404 (never 409)', () => {
    for (const operationId of ['checkDeposit', 'getDeposit', 'getWithdraw'] as const) {
      const { method, path } = operations[operationId]
      const codes = Object.keys(spec.paths[path]![method]!.responses)
      expect(codes, operationId).not.toContain('409')
    }
  })

  it('the error examples that name a deposit give the code the table picks for it', () => {
    const deposits = new Map(allDeposits().map((d) => [d.id, d]))
    const lifecycle = table('DepositStatus')
    for (const refusal of lifecycle.refusals) {
      for (const { status, value } of answersOf(refusal.operation as OperationId).values()) {
        const details = value.details as { orderId?: string; status?: string } | undefined
        if (status < 400 || !details?.orderId || !details.status) continue
        if (!lifecycle.refusals.some((r) => r.code === value.code)) continue
        const order = deposits.get(details.orderId)
        const reason = order?.status === details.status ? order.reason : undefined
        const picked = refusalFor(lifecycle, refusal.operation, details.status, reason)
        expect(picked?.code, `${refusal.operation} ${value.code} ${details.orderId}`).toBe(
          value.code,
        )
      }
    }
  })
})

describe('the mock scenarios follow the tables', () => {
  const lifecycle = table('DepositStatus')
  const checks = answersOf('checkDeposit')
  const cancels = answersOf('cancelDeposit')
  /** The deposit a 2xx answer of checkDeposit or cancelDeposit shows (undefined: not one). */
  const orderAfter = (after: OperationId, answered: string | undefined) => {
    if (after === 'checkDeposit') return answered ? checks.get(answered)?.value : undefined
    if (after === 'cancelDeposit') return [...cancels.values()].find((a) => a.status < 300)?.value
    return undefined
  }

  for (const [name, scenario] of Object.entries(scenarios as Record<string, Scenario>)) {
    it(`${name}: after a move, reads and refusals are those of the new status`, () => {
      // A timed move (expiring-order) says what the order became by its check's answer.
      const timed = (scenario.timed ?? []).map((move) => ({
        then: move.then,
        order:
          typeof move.then.checkDeposit === 'string'
            ? checks.get(move.then.checkDeposit)?.value
            : undefined,
      }))
      const moves = [
        ...scenario.transitions.map((transition) => ({
          then: transition.then,
          order: orderAfter(transition.after, transition.answered),
        })),
        ...timed,
      ]
      expect(timed.every((move) => move.order)).toBe(true)
      for (const transition of moves) {
        const { order } = transition
        if (!order) continue
        // Every move in the scenarios starts from the open order.
        expect(reachable(lifecycle, 'OPEN'), `${name}: OPEN -> ${order.status}`).toContain(
          order.status,
        )
        for (const [operation, choice] of Object.entries(transition.then)) {
          if (typeof choice !== 'string' || choice === AS_SCENARIO) continue
          if (operation === 'checkDeposit' || operation === 'getDeposit') {
            // A read answers the order in its new status, or a later one the table allows.
            const answer = answersOf(operation).get(choice)!
            expect(answer.status, `${name} ${operation} ${choice}`).toBe(200)
            expect(reachable(lifecycle, order.status), `${name} ${operation} ${choice}`).toContain(
              answer.value.status,
            )
            continue
          }
          const refusal = refusalFor(lifecycle, operation, order.status, order.reason)
          if (!refusal) continue
          const answer = answersOf(operation as OperationId).get(choice)
          expect(answer?.value.code, `${name} ${operation} after ${order.status}`).toBe(
            refusal.code,
          )
        }
      }
    })
  }
})

describe('the tables are where a backend reads them', () => {
  it('every status property of an order or usage refers to its enum with the table', () => {
    const refs = {
      Deposit: 'DepositStatus',
      Withdraw: 'WithdrawStatus',
      PromotionUsage: 'PromotionUsageStatus',
    }
    for (const [record, status] of Object.entries(refs)) {
      const property = (
        schemas[record] as unknown as { properties: Record<string, { $ref?: string }> }
      ).properties.status
      expect(deref(property), record).toBe(schemas[status])
    }
  })
})
