// The --write checks against a stand-in backend whose deposit orders and bank accounts have
// state: Idempotency-Key replay, final orders, read-back. The contract is the site's with an
// Idempotency-Key header declared on createDeposit (a no-op once the contract declares it),
// since the checks only run where the contract declares what they need. One Prism for the file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse, stringify } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operations } from '../../../generated/api/operations'
import { afterStep } from '../../src/check-steps'
import { headerParameter, loadContract, type Contract } from '../../src/contract'
import type { CallRecord, Finding } from '../../src/drift-checks'
import { runDrift, type DriftResult } from '../../src/drift-run'
import { findFreePort, startPrismProxy, type PrismProxy } from '../../src/prism-proxy'
import { contract as siteContract, SPEC } from '../support'
import { CONFORMING_ORDERS, startUpstream, type Upstream } from './upstream'

const dir = mkdtempSync(join(tmpdir(), 'drift-write-'))
const spec = join(dir, 'openapi.yaml')
let contract: Contract
let upstream: Upstream
let proxy: PrismProxy

beforeAll(async () => {
  type Doc = { paths: Record<string, Record<string, { parameters?: unknown[] }>> }
  const doc = parse(readFileSync(SPEC, 'utf8')) as Doc
  const create = doc.paths[operations.createDeposit.path]!.post!
  if (!headerParameter(siteContract.operations.get('createDeposit')!, 'Idempotency-Key')) {
    create.parameters = [
      ...(create.parameters ?? []),
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Same key, same order.',
        schema: { type: 'string', minLength: 1, maxLength: 64 },
      },
    ]
  }
  writeFileSync(spec, stringify(doc))
  contract = loadContract(spec)
  upstream = await startUpstream(await findFreePort())
  proxy = await startPrismProxy({ spec, upstream: upstream.target })
}, 90_000)

afterAll(async () => {
  await proxy?.stop()
  await upstream?.close()
  rmSync(dir, { recursive: true, force: true })
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
    expect(check(result, 'idempotency', 'createDeposit')?.status).toBe('passed')
    expect(check(result, 'read-back', 'createDeposit')?.status).toBe('passed')
    expect(check(result, 'read-back', 'addBankAccount')?.status).toBe('passed')
    expect(check(result, 'final-state', 'cancelDeposit')?.status).toBe('passed')
    expect(check(result, 'final-state', 'listDeposits')?.status).toBe('passed')
    // The replay sent the very key the first call sent.
    const keys = result.calls
      .filter((c) => c.operationId === 'createDeposit')
      .map((c) => c.request.headers.find(([k]) => k.toLowerCase() === 'idempotency-key')?.[1])
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBeTruthy()
    expect(keys[1]).toBe(keys[0])
    // Operations that declare no key are reported as not exercised, with why.
    expect(check(result, 'idempotency', 'createWithdraw')).toEqual(
      expect.objectContaining({
        status: 'not exercised',
        detail: expect.stringMatching(/declares no Idempotency-Key/),
      }),
    )
  }, 90_000)

  it('flags a replay with the same Idempotency-Key that creates another order', async () => {
    upstream.orders({ ...CONFORMING_ORDERS, idempotent: false })
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

  it('flags a canceled or paid order that does not stay final', async () => {
    upstream.orders({ ...CONFORMING_ORDERS, finalStaysFinal: false })
    try {
      const result = await drift()
      const kinds = findings(result).filter((f) => f.check === 'final-state')
      expect(kinds.length).toBeGreaterThan(0)
      expect(kinds.every((f) => f.kind === 'final-state')).toBe(true)
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
      ])
      expect(check(result, 'read-back', 'createDeposit')?.status).toBe('failed')
      expect(check(result, 'read-back', 'addBankAccount')?.status).toBe('failed')
    } finally {
      upstream.orders(CONFORMING_ORDERS)
    }
  }, 90_000)
})

describe('--write checks on a contract that does not declare what they need', () => {
  it('reports the Idempotency-Key check as not exercised, and sends nothing', async () => {
    const declared = headerParameter(
      siteContract.operations.get('createDeposit')!,
      'Idempotency-Key',
    )
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
      ...siteContract,
      operations: new Map(
        [...siteContract.operations].map(([id, op]) => [
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
    // Said for the record: whether the site's own contract declares it today.
    expect(typeof declared === 'undefined' || declared.in === 'header').toBe(true)
  })
})
