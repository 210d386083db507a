// `contract-check drift --target <base URL>`: does a live server still match the contract?
// See --help, the package README and docs/decisions/002-drift-and-diff.md.
import { rmSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { operations } from '../../generated/api/operations'
import { loadContract, type Contract } from './contract'
import { MEASURES, parseMinCoverage, type MeasureName } from './coverage'
import { CHECKS, type CheckName } from './drift-checks'
import { runDrift } from './drift-run'
import { scenario, scenarioOrder, type State } from './drift-scenario'
import { CommandError, packageVersion, parseCommandArgs, SHIPPED_CONTRACT } from './paths'
import {
  ProxyStartError,
  startPrismProxy,
  stopProxiesOnSignals,
  type PrismProxy,
} from './prism-proxy'
import { REPORT_FILES, terminalReport, writeReports, writeStepSummary } from './reports'

const DEFAULT_OUT = 'reports/drift'
const DEMO_USER = { username: 'drift_check', password: 'drift-check-pass' }
const OPTIONAL_CHECKS = Object.keys(CHECKS).filter((c) => c !== 'scenario') as CheckName[]

const writeOps = scenarioOrder.filter((id) => scenario[id].kind === 'write')

function wrap(text: string, width: number, indent: number): string {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines.map((l) => ' '.repeat(indent) + l).join('\n')
}

function help(bin: string) {
  return `Contract drift check: replays every operation of the contract against a live server
through Prism's validating proxy, with the site's own typed client, and reports drift.

Usage: ${bin} drift --target <base URL> [options]

  --target <url>     Base URL under which the server serves the contract's /v2/... paths,
                     e.g. https://staging.example.test/api (env DRIFT_TARGET).
                     The Prism mock serves them at its root: http://127.0.0.1:4010
  --write            Also run the ${writeOps.length} calls that change state:
${wrap(writeOps.join(', '), 70, 21)}
                     and the checks that need them (Idempotency-Key replay, final orders,
                     read-back). Cancel calls only cancel what this run created, except the
                     final-order check's attempt on a paid order, which must be refused.
                     Default: read calls only.
  --checks <list>    Checks around the calls, comma-separated (default all):
                     ${OPTIONAL_CHECKS.join(', ')}; "none" for the scenario alone.
  --max-response-time <ms>
                     An answer slower than this is a finding (default: no limit).
  --min-coverage <percent>
                     Exit 3 when a run without drift exercised less than this percent of
                     each coverage measure (${MEASURES.join(', ')}),
                     or per measure: operations=100,promises=80. Default: no minimum.
  --out <dir>        Where the reports go (default ${DEFAULT_OUT}):
                     ${Object.values(REPORT_FILES).join(', ')}
  --spec <file>      Contract the proxy validates against (default: the one this package
                     ships, ${relative(process.cwd(), SHIPPED_CONTRACT) || SHIPPED_CONTRACT}).
  --provider <name>  Game provider used for provider calls (default askmebet).
  --timeout <ms>     Time limit of each request (default 10000).
  --max-time <s>     Time limit of the whole run (default 120).
  --port <n>         Port of the proxy on 127.0.0.1 (default: a free one in 4100-4199).
  --proxy <url>      Use a Prism proxy already running (\`prism proxy SPEC TARGET\`) instead of
                     starting one.
  --verbose          Show Prism's own log.
  -h, --help         This text.

Environment:
  DRIFT_USERNAME, DRIFT_PASSWORD   Test account to log in with. Unset: ${DEMO_USER.username} /
                                   ${DEMO_USER.password}, which only the Prism mock accepts.
  DRIFT_TARGET                     Same as --target.
  GITHUB_STEP_SUMMARY              When set, a Markdown summary is appended to that file.
  NO_COLOR                         Plain terminal output.

Drift, per call: body or header breaking the schema (Prism's sl-violations), a status code the
contract does not document (any class), an undocumented content type, an error code outside
ErrorCode, any 5xx, a request our own client sent that the contract rejects, no answer in time;
around the calls: a protected call answering without the session cookie, forbidden input not
refused with a documented 4xx, and with --write an Idempotency-Key replay creating another
resource, a final order changing, a created resource that cannot be read back.

Coverage, in every report: operations called, documented responses seen (each status, and each
error code of a status), x-lifecycle moves seen, promises of the audit judged (README).

Exit codes: 0 no drift, 1 drift found (also when login answered with a body that breaks the
contract), 2 no verdict (target unreachable, login failed, proxy did not start, bad arguments),
3 no drift but coverage below --min-coverage.`
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n <= 0)
    throw new CommandError(`${name} must be a positive integer, got "${value}"`)
  return n
}

async function preflight(target: string, timeoutMs: number) {
  const url = `${target}${operations.getAgencyInfo.path}`
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
    await response.arrayBuffer()
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    const why =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : (cause?.code ?? cause?.message ?? (error as Error).message)
    throw new CommandError(`target ${target} is unreachable (${why})`)
  }
}

export type Io = {
  env: NodeJS.ProcessEnv
  out(text: string): void
  err(text: string): void
  isTTY: boolean
}

export const processIo: Io = {
  env: process.env,
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  isTTY: Boolean(process.stdout.isTTY),
}

const DRIFT_OPTIONS = {
  target: { type: 'string' },
  write: { type: 'boolean', default: false },
  checks: { type: 'string' },
  'max-response-time': { type: 'string' },
  'min-coverage': { type: 'string' },
  out: { type: 'string' },
  spec: { type: 'string' },
  provider: { type: 'string' },
  timeout: { type: 'string' },
  'max-time': { type: 'string' },
  port: { type: 'string' },
  proxy: { type: 'string' },
  verbose: { type: 'boolean', default: false },
} as const
type DriftArgs = ReturnType<typeof parseCommandArgs<typeof DRIFT_OPTIONS>>

/** The run's target, limits, checks and files, from the options (exit 2 on a bad one). */
function runSettings(args: DriftArgs, io: Io) {
  const rawTarget = args.target ?? io.env.DRIFT_TARGET
  if (!rawTarget) throw new CommandError('--target <base URL> is required (see --help)')
  let target: string
  try {
    const url = new URL(rawTarget)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error()
    target = url.href.replace(/\/+$/, '')
  } catch {
    throw new CommandError(`--target must be an http(s) URL, got "${rawTarget}"`)
  }
  const timeoutMs = positiveInt(args.timeout, '--timeout', 10_000)
  const budgetMs = positiveInt(args['max-time'], '--max-time', 120) * 1000
  const maxResponseTimeMs =
    args['max-response-time'] === undefined
      ? undefined
      : positiveInt(args['max-response-time'], '--max-response-time', 0)
  const port = args.port === undefined ? undefined : positiveInt(args.port, '--port', 0)
  let checks: CheckName[] = OPTIONAL_CHECKS
  if (args.checks !== undefined) {
    const list = args.checks
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    const unknown = list.filter((c) => c !== 'none' && !OPTIONAL_CHECKS.includes(c as CheckName))
    if (unknown.length)
      throw new CommandError(
        `--checks: unknown ${unknown.join(', ')} (known: ${OPTIONAL_CHECKS.join(', ')}, none)`,
      )
    checks = list.filter((c) => c !== 'none') as CheckName[]
  }
  let minCoverage: Partial<Record<MeasureName, number>> | undefined
  if (args['min-coverage'] !== undefined) {
    try {
      minCoverage = parseMinCoverage(args['min-coverage'])
    } catch (error) {
      throw new CommandError(`--min-coverage: ${(error as Error).message}`)
    }
  }
  const specFile = args.spec ? resolve(args.spec) : SHIPPED_CONTRACT
  const outDir = resolve(args.out ?? DEFAULT_OUT)
  return {
    target,
    timeoutMs,
    budgetMs,
    maxResponseTimeMs,
    minCoverage,
    port,
    checks,
    specFile,
    outDir,
  }
}

/** The contract, provider, proxy and test account the run uses. */
function runInputs(args: DriftArgs, io: Io, specFile: string) {
  let contract: Contract
  try {
    contract = loadContract(specFile)
  } catch (error) {
    throw new CommandError(`cannot read the contract ${specFile}: ${(error as Error).message}`)
  }
  const providers = ['alphabet', 'askmebet', 'gclub', 'gclub_live'] satisfies State['provider'][]
  const provider = (args.provider ?? 'askmebet') as State['provider']
  if (!providers.includes(provider))
    throw new CommandError(`--provider must be one of ${providers.join(', ')}`)
  let proxyUrl: string | undefined
  if (args.proxy !== undefined) {
    try {
      proxyUrl = new URL(args.proxy).href.replace(/\/+$/, '')
    } catch {
      throw new CommandError(`--proxy must be a URL, got "${args.proxy}"`)
    }
  }

  let username = io.env.DRIFT_USERNAME
  let password = io.env.DRIFT_PASSWORD
  if (!username || !password) {
    if (username || password)
      throw new CommandError('set both DRIFT_USERNAME and DRIFT_PASSWORD, or neither')
    ;({ username, password } = DEMO_USER)
    io.err(
      `drift: DRIFT_USERNAME/DRIFT_PASSWORD not set, logging in as ${username} (the Prism mock accepts it)`,
    )
  }

  return { contract, provider, proxyUrl, username, password }
}

export async function driftCommand(argv: string[], io: Io = processIo): Promise<number> {
  const { version, bin } = packageVersion()
  const args = parseCommandArgs(argv, DRIFT_OPTIONS)
  if (args.help) {
    io.out(help(bin))
    return 0
  }
  const settings = runSettings(args, io)
  const { target, timeoutMs, budgetMs, maxResponseTimeMs, port, checks, specFile, outDir } =
    settings
  const { contract, provider, proxyUrl, username, password } = runInputs(args, io, specFile)

  for (const file of Object.values(REPORT_FILES)) rmSync(resolve(outDir, file), { force: true })
  await preflight(target, Math.min(timeoutMs, 10_000))

  let proxy: Pick<PrismProxy, 'url' | 'stop'>
  if (proxyUrl) {
    proxy = { url: proxyUrl, stop: async () => {} }
    io.err(`drift: using the Prism proxy at ${proxyUrl} (it must forward to ${target})`)
  } else {
    stopProxiesOnSignals()
    const t = performance.now()
    try {
      proxy = await startPrismProxy({
        spec: specFile,
        upstream: target,
        port,
        verbose: args.verbose,
      })
    } catch (error) {
      if (error instanceof ProxyStartError) throw new CommandError(error.message)
      throw error
    }
    io.err(
      `drift: Prism proxy ${proxy.url} -> ${target} (started in ${((performance.now() - t) / 1000).toFixed(1)} s)`,
    )
  }
  try {
    const result = await runDrift({
      target,
      proxyUrl: proxy.url,
      contract,
      write: args.write,
      checks,
      username,
      password,
      provider,
      timeoutMs,
      budgetMs,
      maxResponseTimeMs,
      minCoverage: settings.minCoverage,
    })
    // Login failed and its answer is fine: nothing could be judged (exit 2, no report).
    // Login failed with an answer that breaks the contract: that is drift (exit 1, reports).
    if (result.aborted && result.summary.findings === 0) throw new CommandError(result.aborted)
    io.out(terminalReport(result, io.isTTY && !io.env.NO_COLOR))
    const files = writeReports(result, outDir, version)
    if (writeStepSummary(result, io.env.GITHUB_STEP_SUMMARY)) {
      io.err('drift: summary appended to $GITHUB_STEP_SUMMARY')
    }
    io.out(
      `reports: ${Object.values(files)
        .map((f) => relative(process.cwd(), f))
        .join(', ')}`,
    )
    if (result.summary.findings > 0) return 1
    return result.coverage.below.length ? 3 : 0
  } finally {
    await proxy.stop()
  }
}
