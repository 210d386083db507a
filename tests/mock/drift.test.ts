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
import { runMockForFile, SERVER_START_MS, SERVER_WAIT_MS } from './support'

const SPEC = fileURLToPath(new URL('../../generated/openapi.yaml', import.meta.url))
const contract = loadContract(SPEC)
const ctx = runMockForFile()
let proxy: PrismProxy

beforeAll(async () => {
  proxy = await startPrismProxy({
    spec: SPEC,
    upstream: ctx.mock.url,
    startTimeoutMs: SERVER_WAIT_MS,
  })
}, SERVER_START_MS)

afterAll(async () => {
  await proxy?.stop()
})

const drift = (write: boolean) =>
  runDrift({
    target: ctx.mock.url,
    proxyUrl: proxy.url,
    contract,
    write,
    username: 'drift_check',
    password: 'drift-check-pass',
    timeoutMs: 10_000,
    budgetMs: DRIFT_RUN_MS - 5_000,
  })

// A drift run is some sixty calls through a second Prism (the proxy) and the layer: ~3-4 s
// alone, twice that while CI's contract checker runs its own Prisms beside it.
const DRIFT_RUN_MS = 20_000

/** Each finding as `operationId kind [field]: message`, for a readable failure. */
const findings = (result: DriftResult) =>
  result.calls.flatMap((c) =>
    c.findings.map((f) => `${c.operationId} ${f.kind} [${f.field}]: ${f.message}`),
  )

describe('contract-check drift against the mock', () => {
  it(
    'read mode is CLEAN: no finding, every check around the calls passed',
    async () => {
      // getDeposit and checkDeposit read a history order here (SUCCESS in listDeposits): the
      // lifecycle check judges the move between the two looks (mock/orders.ts answers the row).
      const result = await drift(false)
      expect(result.aborted).toBeUndefined()
      expect(findings(result)).toEqual([])
      expect(result.checks.filter((c) => c.status === 'failed')).toEqual([])
      expect(
        result.checks.filter((c) => c.check === 'lifecycle' && c.operationId === 'getDeposit'),
      ).toEqual([expect.objectContaining({ status: 'passed' })])
      expect(result.summary.exercised).toBeGreaterThan(0)
    },
    DRIFT_RUN_MS,
  )

  it(
    'with --write it is CLEAN too, every operation exercised',
    async () => {
      // getDeposit reads the order this run created; the final-state check cancels a SUCCESS
      // order of the history (the table's ORDER_ALREADY_PAID).
      const result = await drift(true)
      expect(result.aborted).toBeUndefined()
      expect(findings(result)).toEqual([])
      expect(result.checks.filter((c) => c.status === 'failed')).toEqual([])
      expect(result.summary.notExercised).toBe(0)
    },
    DRIFT_RUN_MS,
  )
})
