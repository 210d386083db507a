// @vitest-environment node
// The drift check against a stand-in backend that serves one kind of drift per case: every
// drifted case must fail, naming the operation and the field, and the clean control must pass.
// One Prism proxy serves the in-process runs; the command-line runs (exit codes, reports)
// start their own, as a developer's run does.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operations, type OperationId } from '../../../generated/api/operations'
import { loadContract } from '../../../.ci/contract/contract'
import { checkCall, parseViolations, type Finding } from '../../../.ci/contract/drift-checks'
import { runDrift, type DriftResult } from '../../../.ci/contract/drift-run'
import { scenario } from '../../../.ci/contract/drift-scenario'
import { findFreePort, startPrismProxy, type PrismProxy } from '../../../.ci/contract/prism-proxy'
import { DRIFT_CASES, startUpstream, type Upstream } from './upstream'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const SPEC = join(ROOT, 'generated/openapi.yaml')
const contract = loadContract(SPEC)
const WRITE_OPS = (Object.keys(scenario) as OperationId[]).filter(
  (id) => scenario[id].kind === 'write',
)

let upstream: Upstream
let proxy: PrismProxy
const outDir = mkdtempSync(join(tmpdir(), 'drift-test-'))

beforeAll(async () => {
  upstream = await startUpstream(await findFreePort())
  proxy = await startPrismProxy({ spec: SPEC, upstream: upstream.target })
}, 90_000)

afterAll(async () => {
  await proxy?.stop()
  await upstream?.close()
  rmSync(outDir, { recursive: true, force: true })
})

function drift(options: { write?: boolean } = {}): Promise<DriftResult> {
  return runDrift({
    target: upstream.target,
    proxyUrl: proxy.url,
    contract,
    write: options.write ?? false,
    username: 'drift_check',
    password: 'drift-check-pass',
    timeoutMs: 5_000,
    budgetMs: 20_000,
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
  }, 30_000)

  it('exercises every operation of the contract with --write, clean', async () => {
    upstream.use(undefined)
    const result = await drift({ write: true })
    expect(findingsByOperation(result)).toEqual({})
    expect(result.operations.filter((o) => !o.exercised)).toEqual([])
    expect(result.summary.exercised).toBe(Object.keys(operations).length)
    // Logout is the last call.
    expect(result.calls.at(-1)?.operationId).toBe('logoutPlayer')
  }, 30_000)

  it.each(DRIFT_CASES.map((c) => [c.name, c] as const))(
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
    30_000,
  )
  it('stops (exit code 2) when login sets no session cookie', async () => {
    upstream.login('no-cookie')
    try {
      const result = await drift()
      expect(result.aborted).toBe(
        'login answered 200 but set no "sid" cookie (the contract\'s playerSession scheme)',
      )
      // Public calls made before login are kept; nothing after login was called.
      expect(result.calls.at(-1)?.operationId).toBe('loginPlayer')
    } finally {
      upstream.login('ok')
    }
  }, 30_000)
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

describe('npm run drift (command line)', () => {
  const tsx = join(ROOT, 'node_modules/.bin/tsx')
  const cli = join(ROOT, '.ci/contract/drift.ts')
  function run(args: string[], env: Record<string, string> = {}) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(tsx, [cli, ...args], {
        cwd: ROOT,
        env: { ...process.env, NO_COLOR: '1', DRIFT_USERNAME: '', DRIFT_PASSWORD: '', ...env },
      })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
      const timer = setTimeout(() => child.kill('SIGKILL'), 80_000)
      child.on('exit', (code) => {
        clearTimeout(timer)
        resolve({ code, stdout, stderr })
      })
    })
  }

  it('exits 0 on the control and writes JUnit, Markdown and JSON', async () => {
    upstream.use(undefined)
    const { code, stdout } = await run(['--target', upstream.target, '--out', outDir])
    expect(code).toBe(0)
    expect(stdout).toContain('CLEAN: no drift')
    const junit = readFileSync(join(outDir, 'drift.junit.xml'), 'utf8')
    expect(junit).toContain(
      `tests="${Object.keys(operations).length}" failures="0" skipped="${WRITE_OPS.length}"`,
    )
    expect(readFileSync(join(outDir, 'drift.md'), 'utf8')).toContain('## Contract drift: clean')
    const json = JSON.parse(readFileSync(join(outDir, 'drift.json'), 'utf8')) as DriftResult
    expect(json.summary.findings).toBe(0)
  }, 90_000)

  it('exits 1 on drift and names the operation and the field in every report', async () => {
    upstream.use('money as a number')
    try {
      const { code, stdout } = await run(['--target', upstream.target, '--out', outDir])
      expect(code).toBe(1)
      expect(stdout).toMatch(/getPlayerCredit[\s\S]*credit\.amount/)
      const junit = readFileSync(join(outDir, 'drift.junit.xml'), 'utf8')
      expect(junit).toMatch(
        /<testcase [^>]*name="getPlayerCredit [^"]*"[^>]*>\s*<failure [^>]*credit\.amount/,
      )
      expect(readFileSync(join(outDir, 'drift.md'), 'utf8')).toMatch(
        /\| `getPlayerCredit` \|.*\| `credit\.amount` \|/,
      )
    } finally {
      upstream.use(undefined)
    }
  }, 90_000)

  it('exits 2 with one clear line when the target is unreachable', async () => {
    const port = await findFreePort()
    const { code, stderr, stdout } = await run([
      '--target',
      `http://127.0.0.1:${port}/api`,
      '--out',
      outDir,
    ])
    expect(code).toBe(2)
    expect(stderr).toMatch(
      /drift: target http:\/\/127\.0\.0\.1:\d+\/api is unreachable \(ECONNREFUSED\)/,
    )
    expect(stderr).not.toMatch(/\n\s+at /) // no stack trace
    expect(stdout).toBe('')
    expect(existsSync(join(outDir, 'drift.junit.xml'))).toBe(false) // no stale report left
  }, 90_000)

  it('exits 2 with one clear line when the login fails', async () => {
    upstream.login('fails')
    try {
      const { code, stderr } = await run(['--target', upstream.target, '--out', outDir], {
        DRIFT_USERNAME: 'wrong_user',
        DRIFT_PASSWORD: 'wrong-password',
      })
      expect(code).toBe(2)
      expect(stderr).toContain('drift: login failed for user "wrong_user": 400 LOGIN_FAILED')
      expect(stderr).not.toMatch(/\n\s+at /)
    } finally {
      upstream.login('ok')
    }
  }, 90_000)
})
