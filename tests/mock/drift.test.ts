// @vitest-environment node
// Our own mock passes our own drift check (contract-check, `npm run drift`): every call, and
// the checks around the calls (auth, session, agreement, promises; with --write idempotency,
// read-back, final orders), in read mode and with the write calls. The mock and the checker
// read the same contract, so a rule added to either shows here first.
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadContract } from '../../contract-check/src/contract'
import { runDrift, type DriftResult } from '../../contract-check/src/drift-run'
import { startPrismProxy, type PrismProxy } from '../../contract-check/src/prism-proxy'
import { runMockForFile } from './support'

const SPEC = fileURLToPath(new URL('../../generated/openapi.yaml', import.meta.url))
const contract = loadContract(SPEC)
const ctx = runMockForFile()
let proxy: PrismProxy

beforeAll(async () => {
  proxy = await startPrismProxy({ spec: SPEC, upstream: ctx.mock.url, startTimeoutMs: 150_000 })
}, 180_000)

afterAll(async () => {
  await proxy?.stop()
}, 15_000)

const drift = (write: boolean) =>
  runDrift({
    target: ctx.mock.url,
    proxyUrl: proxy.url,
    contract,
    write,
    username: 'drift_check',
    password: 'drift-check-pass',
    timeoutMs: 10_000,
    budgetMs: 120_000,
  })

/** Each finding as `operationId kind [field]: message`, for a readable failure. */
const findings = (result: DriftResult) =>
  result.calls.flatMap((c) =>
    c.findings.map((f) => `${c.operationId} ${f.kind} [${f.field}]: ${f.message}`),
  )

/**
 * What the lifecycle check (x-lifecycle tables, issue 20) finds in the mock today, listed so it
 * is seen rather than hidden: a history order the examples show SUCCESS is answered by
 * getDeposit with the contract's default (OPEN) example, its id repeated (mock/README, "What the
 * examples do not tell": no getDeposit example holds a history order). Fixing the mock (answer
 * an id the history holds as that row) empties this list, and this test then says so.
 */
const KNOWN_MOCK_LIFECYCLE_GAPS = [
  expect.stringMatching(
    /^getDeposit lifecycle \[status\]: id=dp_01JD8N4K2P moved from SUCCESS \(listDeposits .*\) to OPEN/,
  ),
]

describe('contract-check drift against the mock', () => {
  it('read mode is CLEAN: no finding, every check around the calls passed', async () => {
    const result = await drift(false)
    expect(result.aborted).toBeUndefined()
    const all = findings(result)
    expect(all.filter((f) => !f.includes(' lifecycle ['))).toEqual([])
    expect(all.filter((f) => f.includes(' lifecycle ['))).toEqual(KNOWN_MOCK_LIFECYCLE_GAPS)
    expect(
      result.checks.filter(
        (c) =>
          c.status === 'failed' && !(c.check === 'lifecycle' && c.operationId === 'getDeposit'),
      ),
    ).toEqual([])
    expect(result.summary.exercised).toBeGreaterThan(0)
  }, 150_000)

  it('with --write it is CLEAN too, every operation exercised', async () => {
    // getDeposit reads the order this run created: the lifecycle gap above is not met here.
    const result = await drift(true)
    expect(result.aborted).toBeUndefined()
    expect(findings(result)).toEqual([])
    expect(result.checks.filter((c) => c.status === 'failed')).toEqual([])
    expect(result.summary.notExercised).toBe(0)
  }, 150_000)
})
