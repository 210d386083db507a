// Redocly CLI as the diff's engine: bundling a side into one document, and `redocly diff`'s
// JSON report (version 1 only: the command is marked experimental).
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { DiffError, type Json } from './diff-model'

const DIFF_CONFIG = fileURLToPath(new URL('./redocly-diff.yaml', import.meta.url))

function redoclyBin(): string {
  const require = createRequire(import.meta.url)
  const pkgFile = require.resolve('@redocly/cli/package.json')
  const pkg = require(pkgFile) as { bin: Record<string, string> | string }
  const bin =
    typeof pkg.bin === 'string' ? pkg.bin : (pkg.bin.redocly ?? Object.values(pkg.bin)[0]!)
  return join(dirname(pkgFile), bin)
}

export function redoclyVersion(): string {
  const require = createRequire(import.meta.url)
  return (require('@redocly/cli/package.json') as { version: string }).version
}

function runRedocly(args: string[], timeoutMs = 60_000): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [redoclyBin(), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // No usage data or update checks from our tools.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    })
    let output = ''
    child.stdout.on('data', (c: Buffer) => (output += c.toString()))
    child.stderr.on('data', (c: Buffer) => (output += c.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', reject)
    child.on('exit', (code) => {
      clearTimeout(timer)
      if (code === 0) return resolvePromise()
      const lines = output
        .split('\n')
        .filter((l) => l.trim() && !/[║╔╚]/.test(l))
        .slice(-8)
        .join('\n')
      reject(new DiffError(`redocly ${args[0]} failed (exit ${code}):\n${lines}`))
    })
  })
}

function hasExternalRefs(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasExternalRefs)
  if (!node || typeof node !== 'object') return false
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) return true
    if (hasExternalRefs(value)) return true
  }
  return false
}

/** One file with only local refs: the input itself when it is one already. */
export async function bundled(file: string, out: string): Promise<{ file: string; doc: Json }> {
  let doc: Json
  try {
    doc = parse(readFileSync(file, 'utf8')) as Json
  } catch (error) {
    throw new DiffError(`cannot read ${file}: ${(error as Error).message}`)
  }
  if (!doc || typeof doc !== 'object' || !('openapi' in doc)) {
    throw new DiffError(`${file} is not an OpenAPI document`)
  }
  if (!hasExternalRefs(doc)) return { file, doc }
  await runRedocly(['bundle', file, '-o', out])
  return { file: out, doc: parse(readFileSync(out, 'utf8')) as Json }
}

export type RedoclyLocation = { pointer?: string; value?: unknown }
export type RedoclyChange = {
  path: string
  typeName: string
  kind: 'added' | 'removed' | 'modified'
  impact: 'major' | 'minor' | 'patch'
  property?: string
  verdicts: { ruleId: string; impact: string; message: string }[]
  base?: RedoclyLocation
  revision?: RedoclyLocation
}
export type RedoclyReport = { reportVersion: string; changes: RedoclyChange[] }

/** `redocly diff` of two bundled files with our rules, its report read and its version checked. */
export async function redoclyDiff(base: string, head: string, out: string): Promise<RedoclyReport> {
  await runRedocly([
    'diff',
    base,
    head,
    '--config',
    DIFF_CONFIG,
    '--lint-config',
    'off',
    '--format',
    'json',
    '--fail-on',
    'none',
    '-o',
    out,
  ])
  const report = JSON.parse(readFileSync(out, 'utf8')) as RedoclyReport
  if (report.reportVersion !== '1' || !Array.isArray(report.changes)) {
    throw new DiffError(
      `redocly diff report version ${String(report.reportVersion)} is not the one this tool reads (1)`,
    )
  }
  return report
}
