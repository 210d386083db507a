// The drift check against a stand-in backend that serves one kind of drift per case: every
// drifted case must fail, naming the operation and the field, and the clean control must pass.
// One Prism proxy serves the whole file: the in-process runs and the command's runs (exit
// codes, reports) through --proxy.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { operationFacts, operations, type OperationId } from '../../../generated/api/operations'
import { checkCall, parseViolations, type Finding } from '../../src/drift-checks'
import { driftCommand } from '../../src/drift'
import { runDrift, type DriftResult } from '../../src/drift-run'
import { scenario } from '../../src/drift-scenario'
import { CommandError } from '../../src/paths'
import { findFreePort, startPrismProxy, type PrismProxy } from '../../src/prism-proxy'
import { captureIo, contract, exampleOf, PRISM_START_MS, SPEC } from '../support'
import {
  CONTEXT_CASES,
  DOCUMENTED_404,
  DRIFT_CASES,
  LIFECYCLE_CASES,
  SECRETS,
  startUpstream,
  type Upstream,
} from './upstream'

const WRITE_OPS = (Object.keys(scenario) as OperationId[]).filter(
  (id) => scenario[id].kind === 'write',
)

let upstream: Upstream
let proxy: PrismProxy
const outDir = mkdtempSync(join(tmpdir(), 'drift-test-'))

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
  rmSync(outDir, { recursive: true, force: true })
})

function drift(
  options: { write?: boolean; maxResponseTimeMs?: number } = {},
): Promise<DriftResult> {
  return runDrift({
    target: upstream.target,
    proxyUrl: proxy.url,
    contract,
    write: options.write ?? false,
    username: 'drift_check',
    password: 'drift-check-pass',
    timeoutMs: 5_000,
    budgetMs: 30_000,
    maxResponseTimeMs: options.maxResponseTimeMs,
  })
}

const findingsByOperation = (result: DriftResult) =>
  Object.fromEntries(
    result.operations
      .map((o) => [o.operationId, o.calls.flatMap((c) => c.findings)] as const)
      .filter(([, f]) => f.length > 0),
  ) as Record<string, Finding[]>

describe('drift check against a stand-in backend', () => {
  it('passes the clean control, read calls only, and lists the write calls as not exercised', async () => {
    upstream.use(undefined)
    const result = await drift()
    expect(findingsByOperation(result)).toEqual({})
    expect(result.aborted).toBeUndefined()
    const notExercised = result.operations.filter((o) => !o.exercised).map((o) => o.operationId)
    expect(notExercised.sort()).toEqual([...WRITE_OPS].sort())
    expect(result.summary.exercised).toBe(Object.keys(operations).length - WRITE_OPS.length)
    // The backend's base path (/api) is kept in front of every contract path.
    expect(upstream.seen).toContain('GET /api/v2/agency/info')
    expect(upstream.seen).not.toContain('POST /api/v2/deposits')
  }, 60_000)

  it.each([...[...DRIFT_CASES, ...CONTEXT_CASES].map((c) => [c.name, c] as const)])(
    'fails on %s, naming the operation and the field',
    async (name, driftCase) => {
      upstream.use(name)
      try {
        const result = await drift()
        const byOp = findingsByOperation(result)
        // Only the drifted operation is flagged: violations are attributed to the right call.
        expect(Object.keys(byOp)).toEqual([driftCase.operationId])
        expect(byOp[driftCase.operationId]).toContainEqual(
          expect.objectContaining({ kind: driftCase.expect.kind, field: driftCase.expect.field }),
        )
      } finally {
        upstream.use(undefined)
      }
    },
    60_000,
  )

  describe('the x-lifecycle tables', () => {
    afterEach(() => upstream.use(undefined))
    const lifecycle = (result: DriftResult, operationId: string) =>
      result.checks.find((c) => c.check === 'lifecycle' && c.operationId === operationId)

    it('fails an order seen SUCCESS, then OPEN again, at the look that saw the move', async () => {
      upstream.use(LIFECYCLE_CASES.illegal.name)
      const result = await drift()
      const byOp = findingsByOperation(result)
      // The history and getDeposit saw it SUCCESS; the check's OPEN after it is no move.
      expect(Object.keys(byOp)).toEqual(['checkDeposit'])
      expect(byOp.checkDeposit).toEqual([
        expect.objectContaining({
          kind: 'lifecycle',
          field: 'status',
          message: expect.stringMatching(/moved from SUCCESS \(getDeposit .*\) to OPEN/),
        }),
      ])
      expect(lifecycle(result, 'checkDeposit')?.status).toBe('failed')
      expect(lifecycle(result, 'getDeposit')?.status).toBe('passed')
    }, 60_000)

    it('passes an order credited between two looks (PAID in the history, then SUCCESS)', async () => {
      upstream.use(LIFECYCLE_CASES.legal.name)
      const result = await drift()
      expect(findingsByOperation(result)).toEqual({})
      expect(lifecycle(result, 'getDeposit')).toEqual(
        expect.objectContaining({
          status: 'passed',
          detail: expect.stringContaining('DepositStatus'),
        }),
      )
    }, 60_000)

    it('fails a final order that does not say when it ended', async () => {
      upstream.use(LIFECYCLE_CASES.unclosed.name)
      const result = await drift()
      expect(findingsByOperation(result)).toEqual({
        checkDeposit: [expect.objectContaining({ kind: 'lifecycle', field: 'closedAt' })],
      })
    }, 60_000)
  })

  it('names the codes an operation lists when it answers another, and says it once', async () => {
    upstream.use('error code the operation does not list')
    try {
      const result = await drift()
      expect(findingsByOperation(result).getPromotion).toEqual([
        {
          kind: 'error-code',
          field: 'code',
          message:
            'error code "ORDER_NOT_FOUND" is not one getPromotion answers with 404 (the contract lists PROMOTION_NOT_FOUND)',
        },
      ])
    } finally {
      upstream.use(undefined)
    }
  }, 60_000)

  describe('the session', () => {
    afterEach(() => upstream.session('ok'))

    it('names the call that set the session and each call that refused it while live', async () => {
      upstream.session('refused-after-login')
      const result = await drift()
      const byOp = findingsByOperation(result)
      // Every protected call after login answers the documented 401: no schema finding, but
      // each refusal of the live session is drift, and the login that set it is named.
      expect(byOp.getPlayerInfo).toEqual([
        expect.objectContaining({
          kind: 'session-refused',
          field: 'status',
          message: expect.stringMatching(
            /^answered 401 to the live session set by loginPlayer \(call #\d+\)/,
          ),
        }),
      ])
      expect(Object.keys(byOp)).toContain('listDeposits')
      expect(
        Object.values(byOp)
          .flat()
          .every((f) => f.kind === 'session-refused'),
      ).toBe(true)
      expect(result.checks).toContainEqual(
        expect.objectContaining({
          check: 'session',
          operationId: 'getPlayerInfo',
          status: 'failed',
        }),
      )
    }, 60_000)

    it('flags every protected read a server still answers after logout', async () => {
      upstream.session('kept-after-logout')
      const result = await drift()
      // The protected reads sent again (logout itself, public, is sent again to succeed).
      const kept = result.calls.filter(
        (c) => c.check === 'session' && c.operationId !== 'logoutPlayer',
      )
      expect(kept.length).toBeGreaterThan(10)
      expect(kept.map((c) => c.operationId)).toContain('getPlayerInfo')
      for (const call of kept) {
        expect(call.findings).toEqual([
          expect.objectContaining({ kind: 'session-kept', field: 'status' }),
        ])
      }
      // Nothing else drifts: the scenario's own calls are clean.
      expect(result.calls.filter((c) => c.check !== 'session').flatMap((c) => c.findings)).toEqual(
        [],
      )
    }, 60_000)

    it('passes the clean control: the ended session is refused on every replay', async () => {
      const result = await drift()
      const replays = result.calls.filter(
        (c) => c.check === 'session' && c.operationId !== 'logoutPlayer',
      )
      expect(replays.length).toBeGreaterThan(10)
      expect(replays.every((c) => c.status === 401 && c.findings.length === 0)).toBe(true)
      expect(result.checks).toContainEqual(
        expect.objectContaining({ check: 'session', operationId: 'loginPlayer', status: 'passed' }),
      )
    }, 60_000)

    it('checks the cookie attributes the contract promises', async () => {
      upstream.session('cookie-not-http-only')
      const result = await drift()
      expect(findingsByOperation(result)).toEqual({
        loginPlayer: [
          expect.objectContaining({ kind: 'session', field: 'set-cookie sid HttpOnly' }),
        ],
      })
    }, 60_000)

    it('flags a logout refused with the session it ended', async () => {
      upstream.session('logout-needs-session')
      const result = await drift()
      expect(findingsByOperation(result).logoutPlayer).toContainEqual(
        expect.objectContaining({
          kind: 'session',
          field: 'status',
          message: expect.stringMatching(/^answered 401 to the session it ended/),
        }),
      )
      expect(result.checks).toContainEqual(
        expect.objectContaining({
          check: 'session',
          operationId: 'logoutPlayer',
          status: 'failed',
        }),
      )
    }, 60_000)

    it('flags a requestId answered twice', async () => {
      upstream.session('same-request-id')
      const result = await drift()
      const repeated = result.calls.flatMap((c) => c.findings).filter((f) => f.kind === 'promise')
      expect(repeated.length).toBeGreaterThan(0)
      expect(repeated.every((f) => f.field === 'requestId')).toBe(true)
    }, 60_000)
  })

  it('passes a documented non-2xx answer (control of the status checks)', async () => {
    upstream.use(DOCUMENTED_404.name)
    try {
      const result = await drift()
      expect(findingsByOperation(result)).toEqual({})
      expect(result.calls.find((c) => c.operationId === 'getPromotion')?.status).toBe(404)
    } finally {
      upstream.use(undefined)
    }
  }, 60_000)

  it('stops when login sets no session cookie, and reports the missing Set-Cookie as drift', async () => {
    upstream.login('no-cookie')
    try {
      const result = await drift()
      expect(result.aborted).toBe(
        'login answered 200 but set no "sid" cookie (the contract\'s playerSession scheme) (the answer breaks the contract: see the findings)',
      )
      expect(findingsByOperation(result)).toEqual({
        loginPlayer: [expect.objectContaining({ kind: 'session', field: 'set-cookie sid' })],
      })
      // Public calls made before login are kept; nothing after login was called.
      expect(result.calls.filter((c) => c.check === 'scenario').at(-1)?.operationId).toBe(
        'loginPlayer',
      )
    } finally {
      upstream.login('ok')
    }
  }, 60_000)

  it.each([
    ['an unknown error code', 'bad-error-code', 'error-code'],
    ['a non-JSON body', 'not-json', 'content-type'],
  ] as const)(
    'reports a failed login whose error body has %s as drift',
    async (_, mode, kind) => {
      upstream.login(mode)
      try {
        const result = await drift()
        expect(result.aborted).toMatch(/^login failed .*see the findings/)
        expect(findingsByOperation(result).loginPlayer).toContainEqual(
          expect.objectContaining({ kind }),
        )
        expect(result.summary.findings).toBeGreaterThan(0)
      } finally {
        upstream.login('ok')
      }
    },
    60_000,
  )
})

describe('ignored auth', () => {
  it('makes every protected read call once without the cookie; the 401s pass', async () => {
    upstream.use(undefined)
    const result = await drift()
    const protectedReads = (Object.keys(scenario) as OperationId[]).filter(
      (id) => scenario[id].kind === 'read' && !operationFacts[id].public,
    )
    const probes = result.calls.filter((c) => c.check === 'auth')
    expect(probes.map((c) => c.operationId).sort()).toEqual(protectedReads.sort())
    expect(probes.every((c) => c.status === 401 && c.findings.length === 0)).toBe(true)
    expect(probes.every((c) => !c.request.headers.some(([k]) => k === 'cookie'))).toBe(true)
    expect(result.checks.filter((c) => c.check === 'auth' && c.status !== 'passed')).toEqual([])
  }, 60_000)

  it('flags a protected call that answers without the cookie, and only that one', async () => {
    upstream.ignoreAuth(['listDeposits'])
    try {
      const result = await drift()
      expect(Object.keys(findingsByOperation(result))).toEqual(['listDeposits'])
      expect(findingsByOperation(result).listDeposits).toContainEqual(
        expect.objectContaining({ kind: 'auth-ignored', field: 'status' }),
      )
      expect(result.checks).toContainEqual(
        expect.objectContaining({ check: 'auth', operationId: 'listDeposits', status: 'failed' }),
      )
    } finally {
      upstream.ignoreAuth([])
    }
  }, 60_000)
})

describe('negative data', () => {
  it('sends forbidden input to the safe calls with input; documented 400s pass', async () => {
    upstream.use(undefined)
    const result = await drift()
    const probed = new Set(
      result.calls.filter((c) => c.check === 'negative').map((c) => c.operationId),
    )
    for (const id of [
      'validateUsername',
      'loginPlayer',
      'listDeposits',
      'listWithdraws',
      'listPromotionUsages',
    ])
      expect(probed).toContain(id)
    // Never on a call that changes state, nor on the ones excluded.
    for (const id of [...WRITE_OPS, 'registerFingerprint', 'logoutPlayer'])
      expect(probed).not.toContain(id)
    const negative = result.calls.filter((c) => c.check === 'negative')
    expect(negative.every((c) => c.status === 400 && c.findings.length === 0)).toBe(true)
    // Prism agrees each payload breaks the contract.
    expect(negative.every((c) => c.violations.some((v) => v.location[0] === 'request'))).toBe(true)
    // The test account's credentials are never the base of a negative login.
    const logins = negative.filter((c) => c.operationId === 'loginPlayer')
    expect(logins.map((c) => c.request.body).join()).not.toContain('drift_check')
  }, 60_000)

  it.each([
    ['accepted (2xx)', 'normal', 'negative-accepted'],
    ['answered 5xx', '500', 'server-error'],
  ] as const)(
    'flags forbidden input %s',
    async (_, answer, kind) => {
      upstream.acceptAnyInput(['validateUsername', 'listWithdraws'], answer)
      try {
        const result = await drift()
        const byOp = findingsByOperation(result)
        expect(Object.keys(byOp).sort()).toEqual(['listWithdraws', 'validateUsername'])
        expect(byOp.validateUsername).toContainEqual(expect.objectContaining({ kind }))
        const failing = result.calls.filter((c) => c.findings.length)
        expect(failing.every((c) => c.check === 'negative')).toBe(true)
      } finally {
        upstream.acceptAnyInput([])
      }
    },
    60_000,
  )
})

describe('--max-response-time', () => {
  it('flags a slow answer, and not under a higher limit', async () => {
    upstream.delay('listBanks', 1500)
    try {
      const slow = await drift({ maxResponseTimeMs: 1000 })
      const flagged = slow.calls.filter((c) => c.findings.some((f) => f.kind === 'slow'))
      expect(flagged.map((c) => c.operationId)).toContain('listBanks')
      // Whatever else was flagged (a loaded machine) really took longer than the limit.
      expect(flagged.every((c) => c.durationMs > 1000)).toBe(true)
      const control = await drift({ maxResponseTimeMs: 20_000 })
      expect(findingsByOperation(control)).toEqual({})
    } finally {
      upstream.delay(undefined, 0)
    }
  }, 90_000)
})

describe('drift checks on one call', () => {
  const op = contract.operations.get('loginPlayer')!
  const answer = {
    status: 200,
    headers: new Headers({ 'content-type': 'application/json' }),
    bodyText: '{}',
  }

  it('reports a request the contract rejects, with the parameter', () => {
    const violations = parseViolations(
      JSON.stringify([
        {
          location: ['request', 'body', 'username'],
          severity: 'Error',
          code: 'minLength',
          message: 'Request body property username must NOT have fewer than 6 characters',
        },
        {
          location: ['request'],
          severity: 'Error',
          code: 401,
          message: 'Invalid security scheme used',
        },
      ]),
    )
    const findings = checkCall(contract, op, answer, violations)
    expect(findings).toContainEqual(
      expect.objectContaining({ kind: 'request-rejected', field: 'body.username' }),
    )
    expect(findings).toContainEqual(
      expect.objectContaining({ kind: 'request-rejected', field: 'cookie sid' }),
    )
    // Made on purpose by a check: not held against the server.
    const expected = checkCall(contract, op, answer, violations, {
      expectedRequestViolations: 'input',
    })
    expect(expected).toContainEqual(expect.objectContaining({ field: 'cookie sid' }))
    expect(expected).not.toContainEqual(expect.objectContaining({ field: 'body.username' }))
  })

  it('reports no answer, and the proxy failing to reach the target', () => {
    expect(checkCall(contract, op, { error: 'no answer within 5000 ms' }, [])).toEqual([
      { kind: 'no-answer', message: 'no answer within 5000 ms' },
    ])
    const fetchError = {
      status: 500,
      headers: new Headers({ 'content-type': 'application/problem+json' }),
      bodyText: JSON.stringify({ type: 'FetchError', title: 'connect ECONNREFUSED', status: 500 }),
    }
    expect(checkCall(contract, op, fetchError, [])).toEqual([
      expect.objectContaining({ kind: 'no-answer' }),
    ])
  })

  it('reports a documented Set-Cookie that does not set the session cookie', () => {
    const answerWith = (cookie: string) => ({
      status: 200,
      headers: new Headers({ 'content-type': 'application/json', 'set-cookie': cookie }),
      bodyText: '{}',
    })
    expect(checkCall(contract, op, answerWith('other=1'), [])).toEqual([
      expect.objectContaining({ kind: 'session', field: 'set-cookie sid' }),
    ])
    const logout = contract.operations.get('logoutPlayer')!
    expect(checkCall(contract, logout, answerWith('sid=; Path=/; Max-Age=0'), [])).toEqual([])
  })

  it('keeps warnings out of the verdict and reads unknown error codes on any status', () => {
    const teapot = {
      status: 418,
      headers: new Headers({ 'content-type': 'application/json' }),
      bodyText: JSON.stringify({ code: 'TEAPOT', message: 'no' }),
    }
    const warning = [
      {
        location: ['response'],
        severity: 'Warning',
        message: 'Unable to match the returned status code with those defined in the document',
      },
    ]
    const kinds = checkCall(contract, op, teapot, warning).map((f) => f.kind)
    expect(kinds.sort()).toEqual(['error-code', 'undocumented-status'])
  })
})

describe("contract-check drift (the command, through the file's proxy)", () => {
  const run = async (args: string[], env: Record<string, string> = {}) => {
    const cap = captureIo(env)
    let code: number
    try {
      code = await driftCommand(['--proxy', proxy.url, '--out', outDir, ...args], cap.io)
    } catch (error) {
      if (!(error instanceof CommandError)) throw error
      cap.io.err(`drift: ${error.message}`)
      code = error.exitCode
    }
    return { code, stdout: cap.stdout(), stderr: cap.stderr() }
  }
  const reports = () =>
    readdirSync(outDir).map((f) => [f, readFileSync(join(outDir, f), 'utf8')] as const)

  it('exits 0 on the control and writes JUnit, Markdown, JSON and HAR', async () => {
    upstream.use(undefined)
    const { code, stdout } = await run(['--target', upstream.target])
    expect(code, stdout).toBe(0)
    expect(stdout).toContain('CLEAN: no drift')
    const junit = readFileSync(join(outDir, 'drift.junit.xml'), 'utf8')
    expect(junit).toContain(
      `tests="${Object.keys(operations).length}" failures="0" skipped="${WRITE_OPS.length}"`,
    )
    expect(junit).toMatch(/<testsuite name="contract drift checks: [^"]*" tests="\d+" failures="0"/)
    expect(readFileSync(join(outDir, 'drift.md'), 'utf8')).toContain('## Contract drift: clean')
    const json = JSON.parse(readFileSync(join(outDir, 'drift.json'), 'utf8')) as DriftResult
    expect(json.summary.findings).toBe(0)
    const har = JSON.parse(readFileSync(join(outDir, 'drift.har'), 'utf8')) as {
      log: { version: string; entries: { request: { url: string } }[] }
    }
    expect(har.log.version).toBe('1.2')
    expect(har.log.entries).toHaveLength(json.calls.length)
    expect(har.log.entries[0]!.request.url).toBe(`${upstream.target}/v2/agency/info`)
  }, 90_000)

  it('reports what the run exercised in every report: operations, responses, moves, promises', async () => {
    upstream.use(undefined)
    const { code, stdout } = await run(['--target', upstream.target])
    expect(code, stdout).toBe(0)
    const readOps = Object.keys(operations).length - WRITE_OPS.length
    const total = Object.keys(operations).length
    expect(stdout).toContain(
      `Coverage (what this run exercised):\n  operations ${readOps}/${total}`,
    )
    expect(stdout).toMatch(/promises not reached: .*replay-header/)
    const json = JSON.parse(readFileSync(join(outDir, 'drift.json'), 'utf8')) as DriftResult
    expect(json.coverage.operations.covered).toBe(readOps)
    // The history's 200 and the documented 401 of the ignored-auth probe, each an item.
    const deposits = json.coverage.responses.byOperation.find(
      (o) => o.operationId === 'listDeposits',
    )
    expect(deposits?.seen).toEqual(
      expect.arrayContaining(['200', '400 VALIDATION_FAILED', '401 UNAUTHORIZED']),
    )
    expect(deposits?.missed).toContain('500 INTERNAL_ERROR')
    expect(json.coverage.promises.missed).toEqual(
      expect.arrayContaining(['replay', 'one-open-order', 'retry-after']),
    )
    const junit = readFileSync(join(outDir, 'drift.junit.xml'), 'utf8')
    expect(junit).toContain(
      `<property name="coverage.operations" value="operations ${readOps}/${total}`,
    )
    expect(junit).toMatch(
      /<testsuite name="contract drift coverage: [^"]*" tests="\d+" failures="0"/,
    )
    expect(junit).toMatch(/name="promise zero-date: [^"]*"[^>]*>\s*<system-out>checked by promises/)
    expect(junit).toMatch(
      /name="promise replay: [^"]*"[^>]*>\s*<skipped message="not reached in this run"/,
    )
    expect(readFileSync(join(outDir, 'drift.md'), 'utf8')).toContain(
      `| operations | ${readOps}/${total} |`,
    )
  }, 90_000)

  it('--min-coverage: exit 3 below the minimum of a measure, 0 at it, 2 on a bad value', async () => {
    upstream.use(undefined)
    const below = await run(['--target', upstream.target, '--min-coverage', 'operations=100'])
    expect(below.code, below.stdout).toBe(3)
    expect(below.stdout).toContain('coverage below --min-coverage (operations)')
    expect(below.stdout).toMatch(/operations \d+\/\d+ \(\d+%\), minimum 100%: BELOW/)
    expect(readFileSync(join(outDir, 'drift.junit.xml'), 'utf8')).toMatch(
      /name="coverage operations"[^>]*>\s*<failure type="min-coverage"/,
    )
    const met = await run(['--target', upstream.target, '--min-coverage', 'operations=75'])
    expect(met.code, met.stdout).toBe(0)
    const bad = await run(['--target', upstream.target, '--min-coverage', 'calls=80'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--min-coverage: unknown measure "calls"')
  }, 90_000)

  it('exits 1 on drift, names the operation and the field in every report, with a curl line', async () => {
    upstream.use('money as a number')
    try {
      const { code, stdout } = await run(['--target', upstream.target])
      expect(code).toBe(1)
      expect(stdout).toMatch(/getPlayerCredit[\s\S]*credit\.amount/)
      expect(stdout).toContain(
        `reproduce: curl -i '${upstream.target}/v2/players/credit' -H 'content-type: application/json' -H 'cookie: sid=***'`,
      )
      const junit = readFileSync(join(outDir, 'drift.junit.xml'), 'utf8')
      expect(junit).toMatch(
        /<testcase [^>]*name="getPlayerCredit [^"]*"[^>]*>\s*<failure [^>]*credit\.amount[^>]*>[^<]*reproduce: curl/,
      )
      expect(readFileSync(join(outDir, 'drift.md'), 'utf8')).toMatch(
        /\| `getPlayerCredit` \|.*\| `credit\.amount` \|/,
      )
    } finally {
      upstream.use(undefined)
    }
  }, 90_000)

  it('exits 1 when every answer fits the schema but the live session is refused, naming the call and the rule', async () => {
    upstream.session('refused-after-login')
    try {
      const { code, stdout } = await run(['--target', upstream.target])
      expect(code).toBe(1)
      expect(stdout).toMatch(/getPlayerInfo[\s\S]*the live session set by loginPlayer/)
      const junit = readFileSync(join(outDir, 'drift.junit.xml'), 'utf8')
      expect(junit).toMatch(
        /<testcase [^>]*name="getPlayerInfo [^"]*"[^>]*>\s*<failure [^>]*live session set by loginPlayer/,
      )
      expect(junit).toMatch(
        /<testcase classname="contract-drift\.check\.session" name="session getPlayerInfo"[^>]*>\s*<failure/,
      )
      expect(readFileSync(join(outDir, 'drift.md'), 'utf8')).toMatch(
        /\| `getPlayerInfo` \|.*a call made with a live session was refused/,
      )
    } finally {
      upstream.session('ok')
    }
  }, 90_000)

  it('never writes a password, a cookie or a token into any report', async () => {
    upstream.login('bad-error-code')
    try {
      const { code } = await run(['--target', upstream.target], {
        DRIFT_USERNAME: 'secret_user',
        DRIFT_PASSWORD: 'Very-Secret-Pass-42',
      })
      expect(code).toBe(1) // the login's error body breaks the contract
    } finally {
      upstream.login('ok')
    }
    const login = await run(['--target', upstream.target, '--write', '--checks', 'none'], {
      DRIFT_USERNAME: 'secret_user',
      DRIFT_PASSWORD: 'Very-Secret-Pass-42',
    })
    expect(login.code).toBe(0)
    // The launch URL may be site-relative (the mock's is): resolved against any base.
    const launch = new URL(exampleOf<{ url: string }>('openGame', '200').url, 'https://game.test')
    const token = launch.searchParams.get('token')!
    expect(token).toBeTruthy()
    const all = reports()
    expect(all.map(([f]) => f).sort()).toEqual([
      'drift.har',
      'drift.json',
      'drift.junit.xml',
      'drift.md',
    ])
    for (const [file, text] of all) {
      for (const secret of ['Very-Secret-Pass-42', SECRETS.sessionCookie, token]) {
        expect(text.includes(secret), `${secret} in ${file}`).toBe(false)
      }
    }
    // Masked, not dropped: the HAR still shows where they were.
    const har = all.find(([f]) => f === 'drift.har')![1]
    expect(har).toContain('"password\\":\\"***\\"')
    expect(har).toContain('token=***')
  }, 90_000)

  it('appends a Markdown summary to $GITHUB_STEP_SUMMARY when set', async () => {
    const summary = join(outDir, 'step-summary.md')
    upstream.use('wrong type')
    try {
      const { code } = await run(['--target', upstream.target], { GITHUB_STEP_SUMMARY: summary })
      expect(code).toBe(1)
    } finally {
      upstream.use(undefined)
    }
    const text = readFileSync(summary, 'utf8')
    expect(text).toContain('## Contract drift: drift found')
    expect(text).toContain('`listPromotions`')
    expect(text).toContain('```sh\ncurl -i')
    expect(text).not.toContain('All calls') // the job page gets the summary, not every call
    rmSync(summary)
  }, 90_000)

  it('exits 2 with one clear line when the target is unreachable', async () => {
    const port = await findFreePort()
    const { code, stderr, stdout } = await run(['--target', `http://127.0.0.1:${port}/api`])
    expect(code).toBe(2)
    expect(stderr).toMatch(
      /drift: target http:\/\/127\.0\.0\.1:\d+\/api is unreachable \(ECONNREFUSED\)/,
    )
    expect(stdout).toBe('')
    expect(existsSync(join(outDir, 'drift.junit.xml'))).toBe(false) // no stale report left
  }, 90_000)

  it('exits 2 with one clear line when the login fails with a documented answer', async () => {
    upstream.login('fails')
    try {
      const { code, stderr } = await run(['--target', upstream.target], {
        DRIFT_USERNAME: 'wrong_user',
        DRIFT_PASSWORD: 'wrong-password',
      })
      expect(code).toBe(2)
      expect(stderr).toContain('drift: login failed for user "wrong_user": 400 LOGIN_FAILED')
    } finally {
      upstream.login('ok')
    }
  }, 90_000)

  it('exits 1, not 2, when the failed login answers a body that breaks the contract', async () => {
    upstream.login('not-json')
    try {
      const { code, stdout } = await run(['--target', upstream.target])
      expect(code).toBe(1)
      expect(stdout).toMatch(/DRIFT[\s\S]*loginPlayer[\s\S]*content-type/)
      expect(stdout).toContain('Stopped early: login failed')
    } finally {
      upstream.login('ok')
    }
  }, 90_000)
})
