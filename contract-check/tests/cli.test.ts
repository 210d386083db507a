// The built command as a backend developer runs it: plain JavaScript from dist/ (no tsx),
// the contract it ships, one Prism started by the command itself.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFreePort } from '../src/prism-proxy'
import { startUpstream, type Upstream } from './drift/upstream'
import { contract, PACKAGE } from './support'

const BIN = join(PACKAGE, 'bin/contract-check.js')
// A cold start of the bundle in a new Node measured 5-20 s at load average 20-27 on the shared
// 2 cores (under 1 s idle): Vitest's default 5 s is a verdict on the machine, not the command.
const COLD_START = 45_000
const dir = mkdtempSync(join(tmpdir(), 'contract-check-cli-'))
let upstream: Upstream

beforeAll(async () => {
  upstream = await startUpstream(await findFreePort())
})
afterAll(async () => {
  await upstream?.close()
  rmSync(dir, { recursive: true, force: true })
})

function run(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1', DRIFT_USERNAME: '', DRIFT_PASSWORD: '', ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

describe('contract-check (built)', () => {
  it('is built to plain JavaScript and ships the contract it was built from', () => {
    const cli = readFileSync(join(PACKAGE, 'dist/cli.js'), 'utf8')
    expect(cli).not.toMatch(/from ['"]tsx/)
    expect(readFileSync(join(PACKAGE, 'dist/openapi.yaml'), 'utf8')).toBe(
      readFileSync(contract.file, 'utf8'),
    )
    expect(existsSync(join(PACKAGE, 'dist/site-usage.json'))).toBe(true)
  })

  it(
    'prints its version and the contract version',
    async () => {
      const pkg = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as {
        version: string
      }
      const { code, stdout } = await run(['--version'])
      expect(code).toBe(0)
      expect(stdout).toContain(`agency-contract-check ${pkg.version}`)
      expect(stdout).toContain(`contract: ${contract.info.title} ${contract.info.version}`)
    },
    COLD_START,
  )

  it(
    'refuses an unknown command with exit code 2',
    async () => {
      const { code, stderr } = await run(['drfit'])
      expect(code).toBe(2)
      expect(stderr.trim()).toBe(
        'contract-check: unknown command "drfit" (drift, diff, docs, --version)',
      )
    },
    COLD_START,
  )

  it('runs drift against a server with its own Prism, from a folder without the site', async () => {
    const { code, stdout, stderr } = await run(['drift', '--target', upstream.target])
    expect(stderr).toMatch(/Prism proxy http:\/\/127\.0\.0\.1:\d+ -> /)
    expect(code).toBe(0)
    expect(stdout).toContain('CLEAN: no drift')
    expect(existsSync(join(dir, 'reports/drift/drift.har'))).toBe(true)
  }, 100_000)

  it('diffs against the shipped contract (nothing changed: exit 0)', async () => {
    const { code, stdout } = await run(['diff', '--base', 'shipped', '--head', contract.file])
    expect(code).toBe(0)
    expect(stdout).toContain('nothing breaking for the site (0 other changes)')
  }, 60_000)

  it('writes the offline reference of the shipped contract', async () => {
    const { code, stdout } = await run(['docs', '--out', 'api.html'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/docs: api\.html \(\d+ KiB, offline/)
    expect(readFileSync(join(dir, 'api.html'), 'utf8')).toContain(contract.info.title)
  }, 100_000)
})
