// The --write checks against a stand-in backend whose bank accounts, deposit and withdraw
// orders and promotion usages have state, as the money contract (decision 005) describes them:
// Idempotency-Key replay on the seven operations that require the key, final orders, read-back.
// One Prism for the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operations, type OperationId } from '../../../generated/api/operations'
import { afterStep } from '../../src/check-steps'
import { headerParameter, type Contract } from '../../src/contract'
import type { CallRecord, Finding } from '../../src/drift-checks'
import { runDrift, type DriftResult } from '../../src/drift-run'
import { findFreePort, startPrismProxy, type PrismProxy } from '../../src/prism-proxy'
import { contract, PRISM_START_MS, SPEC } from '../support'
import { CONFORMING_ORDERS, startUpstream, type Upstream } from './upstream'

/** The state-changing POSTs that require an Idempotency-Key (decision 005). */
const KEYED: OperationId[] = [
  'createDeposit',
  'cancelDeposit',
  'createWithdraw',
  'addBankAccount',
  'usePromotion',
  'cancelPromotionUsage',
  'openGame',
]

let upstream: Upstream
let proxy: PrismProxy

beforeAll(async () => {
  upstream = await startUpstream(await findFreePort())
  // Prism starts in 2-5 s idle and took over 60 s at load average 27 on the shared 2 cores.
  proxy = await startPrismProxy({
    spec: SPEC,
    upstream: upstream.target,
    startTimeoutMs: PRISM_START_MS,
  })
}, PRISM_START_MS + 30_000)

afterAll(async () => {
  await proxy?.stop()
  await upstream?.close()
})

function drift(): Promise<DriftResult> {
  return runDrift({
    target: upstream.target,
    proxyUrl: proxy.url,
    contract,
    write: true,
    username: 'drift_check',
    password: 'drift-check-pass',
    timeoutMs: 5_000,
    budgetMs: 40_000,
  })
}

const findings = (result: DriftResult) =>
  result.calls.flatMap((c) =>
    c.findings.map((f) => ({ ...f, operationId: c.operationId, check: c.check })),
  )
const check = (result: DriftResult, name: string, operationId: string) =>
  result.checks.find((c) => c.check === name && c.operationId === operationId)

describe('--write checks', () => {
  it('exercises every operation of the contract, clean, and the write checks pass', async () => {
    upstream.orders(CONFORMING_ORDERS)
    const result = await drift()
    expect(findings(result)).toEqual([])
    expect(result.operations.filter((o) => !o.exercised)).toEqual([])
    expect(result.summary.exercised).toBe(Object.keys(operations).length)
    // Logout is the last call of the scenario.
    expect(result.calls.filter((c) => c.check === 'scenario').at(-1)?.operationId).toBe(
      'logoutPlayer',
    )
    for (const id of KEYED) {
      expect(check(result, 'idempotency', id), id).toEqual(
        expect.objectContaining({ status: 'passed' }),
      )
      // The replay sent the very key the first call sent.
      const keys = result.calls
        .filter((c) => c.operationId === id && ['scenario', 'idempotency'].includes(c.check))
        .map((c) => c.request.headers.find(([k]) => k.toLowerCase() === 'idempotency-key')?.[1])
      expect(keys, id).toHaveLength(2)
      expect(keys[0], id).toBeTruthy()
      expect(keys[1], id).toBe(keys[0])
    }
    for (const id of ['createDeposit', 'createWithdraw', 'addBankAccount', 'usePromotion'])
      expect(check(result, 'read-back', id)?.status, id).toBe('passed')
    expect(check(result, 'final-state', 'cancelDeposit')?.status).toBe('passed')
    expect(check(result, 'final-state', 'listDeposits')?.status).toBe('passed')
    for (const id of ['createDeposit', 'createWithdraw', 'addBankAccount', 'usePromotion'])
      expect(check(result, 'one-at-a-time', id)?.status, id).toBe('passed')
    // What the run exercised: every operation; the moves it made (create, then cancel).
    expect(result.coverage.operations).toEqual(expect.objectContaining({ covered: 37, total: 37 }))
    expect(result.coverage.transitions.byTable).toContainEqual(
      expect.objectContaining({ table: 'DepositStatus', seen: ['OPEN -> CANCELED'] }),
    )
    expect(result.coverage.promises.missed).toEqual(['retry-after'])
    // The final-state cancels are new intents: each with its own key, none the run's cancel key.
    const cancelKeys = result.calls
      .filter((c) => c.operationId === 'cancelDeposit')
      .map((c) => c.request.headers.find(([k]) => k.toLowerCase() === 'idempotency-key')?.[1])
    const finalCancels = result.calls.filter(
      (c) => c.operationId === 'cancelDeposit' && c.check === 'final-state',
    )
    expect(finalCancels.map((c) => c.status)).toEqual([409, 409])
    expect(new Set(cancelKeys).size).toBe(cancelKeys.length - 1)
    // The check answers every order as it is, the canceled and the paid one alike (200 in every
    // status: DepositStatus x-lifecycle, never 409 for the canceled one).
    const checks = result.calls
      .filter((c) => c.operationId === 'checkDeposit')
      .map((c) => `${c.check} ${c.status}`)
    expect(checks).toEqual(expect.arrayContaining(['scenario 200', 'final-state 200']))
    expect(checks.filter((c) => c === 'final-state 200')).toHaveLength(2)
    // Every Idempotency-Key the server saw: the seven operations, never another.
    const routes = Object.entries(operations).map(([id, o]) => ({
      id,
      pattern: new RegExp(
        `^${o.method.toUpperCase()} /api${o.path.replace(/\{[^}]+\}/g, '[^/]+')} key=`,
      ),
    }))
    const keyed = upstream.seen
      .filter((s) => / key=/.test(s))
      .map((s) => routes.find((r) => r.pattern.test(s))?.id ?? s)
    expect([...new Set(keyed)].sort()).toEqual([...KEYED].sort())
  }, 90_000)

  it('flags a replay with the same Idempotency-Key that creates another order', async () => {
    upstream.orders({ ...CONFORMING_ORDERS, ignoresKey: ['createDeposit'] })
    try {
      const result = await drift()
      expect(findings(result)).toEqual([
        expect.objectContaining({
          kind: 'idempotency',
          operationId: 'createDeposit',
          check: 'idempotency',
        }),
      ])
      expect(check(result, 'idempotency', 'createDeposit')?.status).toBe('failed')
    } finally {
      upstream.orders(CONFORMING_ORDERS)
    }
  }, 90_000)

  it('flags a replay that answers the first answer but creates the order again (visible in the list)', async () => {
    upstream.orders({ ...CONFORMING_ORDERS, replayMakes: ['createDeposit'] })
    try {
      const result = await drift()
      expect(findings(result)).toEqual([
        expect.objectContaining({
          kind: 'idempotency',
          operationId: 'listOpenDeposits',
          check: 'idempotency',
          field: 'listOpenDeposits',
          message: expect.stringMatching(/lists 1 more item\(s\) after it/),
        }),
      ])
      expect(check(result, 'idempotency', 'createDeposit')?.status).toBe('failed')
    } finally {
      upstream.orders(CONFORMING_ORDERS)
    }
  }, 90_000)

  it('flags a cancel replayed with the same Idempotency-Key that does not answer the first answer', async () => {
    upstream.orders({ ...CONFORMING_ORDERS, ignoresKey: ['cancelDeposit'] })
    try {
      const result = await drift()
      expect(findings(result)).toEqual([
        expect.objectContaining({
          kind: 'idempotency',
          operationId: 'cancelDeposit',
          check: 'idempotency',
          message: expect.stringMatching(/the replay answered 409, not the first call's 200/),
        }),
      ])
      expect(check(result, 'idempotency', 'cancelDeposit')?.status).toBe('failed')
    } finally {
      upstream.orders(CONFORMING_ORDERS)
    }
  }, 90_000)

  it('flags a replay answered without Idempotent-Replayed: true', async () => {
    upstream.orders({ ...CONFORMING_ORDERS, replayUnmarked: true })
    try {
      const result = await drift()
      const marked = findings(result)
      expect(marked.length).toBe(KEYED.length)
      expect(marked).toContainEqual(
        expect.objectContaining({
          kind: 'idempotency',
          field: 'Idempotent-Replayed',
          operationId: 'createDeposit',
          message: 'the replay answered without Idempotent-Replayed: true (sent: absent)',
        }),
      )
    } finally {
      upstream.orders(CONFORMING_ORDERS)
    }
  }, 90_000)

  it('flags a second open order, bank account or promotion usage a server makes', async () => {
    const once: OperationId[] = [
      'addBankAccount',
      'createDeposit',
      'createWithdraw',
      'usePromotion',
    ]
    upstream.orders({ ...CONFORMING_ORDERS, allowsRepeat: once })
    try {
      const result = await drift()
      const repeats = findings(result).filter((f) => f.check === 'one-at-a-time')
      expect(repeats.map((f) => f.operationId).sort()).toEqual(once)
      expect(repeats).toContainEqual(
        expect.objectContaining({
          kind: 'promise',
          field: 'x-repeat-refused',
          message: expect.stringMatching(/answered 201; the contract refuses it with OPEN_ORDER/),
        }),
      )
      expect(check(result, 'one-at-a-time', 'usePromotion')?.status).toBe('failed')
    } finally {
      upstream.orders(CONFORMING_ORDERS)
    }
  }, 90_000)

  it('flags an order created already final', async () => {
    upstream.use('an order created already final')
    try {
      const result = await drift()
      expect(findings(result)).toContainEqual(
        expect.objectContaining({
          kind: 'lifecycle',
          operationId: 'createDeposit',
          message: expect.stringMatching(
            /was created SUCCESS; DepositStatus's x-lifecycle starts in OPEN/,
          ),
        }),
      )
    } finally {
      upstream.use(undefined)
    }
  }, 90_000)

  it('flags a canceled or paid order that does not stay final', async () => {
    upstream.orders({ ...CONFORMING_ORDERS, finalStaysFinal: false })
    try {
      const result = await drift()
      const kinds = findings(result).filter((f) => f.check === 'final-state')
      expect(kinds.length).toBeGreaterThan(0)
      // The paid order of the history, reopened, is also OPEN long past its expiresAt: that one
      // is the promises check's (x-deadline), on the same call.
      expect(kinds.every((f) => f.kind === 'final-state' || f.field === 'expiresAt')).toBe(true)
      expect(kinds.some((f) => f.kind === 'final-state')).toBe(true)
      expect(check(result, 'final-state', 'cancelDeposit')?.status).toBe('failed')
      expect(check(result, 'final-state', 'listDeposits')?.status).toBe('failed')
    } finally {
      upstream.orders(CONFORMING_ORDERS)
    }
  }, 90_000)

  it('flags what a create returned and the lists do not show', async () => {
    upstream.orders({ ...CONFORMING_ORDERS, listed: false })
    try {
      const result = await drift()
      const readBack = findings(result).filter((f) => f.kind === 'read-back')
      expect(readBack.map((f) => f.operationId).sort()).toEqual([
        'listBankAccounts',
        'listDeposits',
        'listPromotionUsages',
        'listWithdraws',
      ])
      for (const id of ['createDeposit', 'createWithdraw', 'addBankAccount', 'usePromotion'])
        expect(check(result, 'read-back', id)?.status, id).toBe('failed')
    } finally {
      upstream.orders(CONFORMING_ORDERS)
    }
  }, 90_000)
})

describe('--write checks on a contract that does not declare what they need', () => {
  it('reports the Idempotency-Key check as not exercised, and sends nothing', async () => {
    const created: CallRecord = {
      operationId: 'createDeposit',
      check: 'scenario',
      method: 'POST',
      path: operations.createDeposit.path,
      url: operations.createDeposit.path,
      status: 201,
      durationMs: 1,
      violations: [],
      findings: [] as Finding[],
      request: { method: 'POST', url: 'http://x/v2/deposits', headers: [] },
      curl: '',
    }
    const stripped: Contract = {
      ...contract,
      operations: new Map(
        [...contract.operations].map(([id, op]) => [
          id,
          {
            ...op,
            parameters: op.parameters.filter((p) => p.name.toLowerCase() !== 'idempotency-key'),
          },
        ]),
      ),
    }
    const outcomes = await afterStep({
      operationId: 'createDeposit',
      kind: 'write',
      write: true,
      enabled: new Set(['idempotency']),
      contract: stripped,
      calls: [created],
      allCalls: [created],
      rawBody: () => ({ response: '{"id":"dp_1"}' }),
      send: () => Promise.reject(new Error('must not send')),
    })
    expect(outcomes).toEqual([
      expect.objectContaining({
        check: 'idempotency',
        status: 'not exercised',
        detail: 'the contract declares no Idempotency-Key header for this operation',
      }),
    ])
  })

  it('the site contract requires the key on exactly the seven state-changing POSTs', () => {
    const declared = [...contract.operations.values()]
      .filter((op) => headerParameter(op, 'Idempotency-Key')?.required)
      .map((op) => op.operationId)
    expect(declared.sort()).toEqual([...KEYED].sort())
  })
})
