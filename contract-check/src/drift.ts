// `npm run drift -- --target <base URL>`: does a live server still match openapi/?
// See --help, docs/backend-developers.md and docs/decisions/002-drift-and-diff.md.
import { rmSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { operations } from '../../generated/api/operations'
import { loadContract } from './contract'
import { runDrift } from './drift-run'
import { scenario, scenarioOrder, type State } from './drift-scenario'
import { ProxyStartError, startPrismProxy, stopProxiesOnSignals } from './prism-proxy'
import { REPORT_FILES, terminalReport, writeReports } from './reports'

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)))
const DEFAULT_SPEC = 'generated/openapi.yaml'
const DEFAULT_OUT = 'reports/drift'
const DEMO_USER = { username: 'drift_check', password: 'drift-check-pass' }

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

const HELP = `Contract drift check: replays every operation of the contract against a live server
through Prism's validating proxy, with the site's own typed client, and reports drift.

Usage: npm run drift -- --target <base URL> [options]

  --target <url>     Base URL under which the server serves the contract's /v2/... paths,
                     e.g. https://staging.example.test/api (env DRIFT_TARGET).
                     The Prism mock serves them at its root: http://127.0.0.1:4010
  --write            Also run the ${writeOps.length} calls that change state:
${wrap(writeOps.join(', '), 70, 21)}
                     Cancel calls only cancel what this run created. Default: read calls only.
  --out <dir>        Where the reports go (default ${DEFAULT_OUT}):
                     ${Object.values(REPORT_FILES).join(', ')}
  --spec <file>      Contract the proxy validates against (default ${DEFAULT_SPEC};
                     run \`npm run generate\` after editing openapi/).
  --provider <name>  Game provider used for provider calls (default askmebet).
  --timeout <ms>     Time limit of each request (default 10000).
  --max-time <s>     Time limit of the whole run (default 120).
  --port <n>         Port of the proxy on 127.0.0.1 (default: a free one in 4100-4199).
  --verbose          Show Prism's own log.
  -h, --help         This text.

Environment:
  DRIFT_USERNAME, DRIFT_PASSWORD   Test account to log in with. Unset: ${DEMO_USER.username} /
                                   ${DEMO_USER.password}, which only the Prism mock accepts.
  DRIFT_TARGET                     Same as --target.
  NO_COLOR                         Plain terminal output.

Drift, per call: body or header breaking the schema (Prism's sl-violations), a status code the
contract does not document, an undocumented content type, an error code outside ErrorCode,
any 5xx, a request our own client sent that the contract rejects, no answer in time.

Exit codes: 0 no drift, 1 drift found, 2 no verdict (target unreachable, login failed,
proxy did not start, bad arguments).`

function fail(message: string): never {
  console.error(`drift: ${message}`)
  process.exit(2)
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n <= 0) fail(`${name} must be a positive integer, got "${value}"`)
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
    fail(`target ${target} is unreachable (${why})`)
  }
}

async function main() {
  let args
  try {
    args = parseArgs({
      options: {
        target: { type: 'string' },
        write: { type: 'boolean', default: false },
        out: { type: 'string' },
        spec: { type: 'string' },
        provider: { type: 'string' },
        timeout: { type: 'string' },
        'max-time': { type: 'string' },
        port: { type: 'string' },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    fail(`${(error as Error).message} (see --help)`)
  }
  if (args.help) {
    console.log(HELP)
    return 0
  }
  const rawTarget = args.target ?? process.env.DRIFT_TARGET
  if (!rawTarget) fail('--target <base URL> is required (see --help)')
  let target: string
  try {
    const url = new URL(rawTarget)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error()
    target = url.href.replace(/\/+$/, '')
  } catch {
    fail(`--target must be an http(s) URL, got "${rawTarget}"`)
  }
  const timeoutMs = positiveInt(args.timeout, '--timeout', 10_000)
  const budgetMs = positiveInt(args['max-time'], '--max-time', 120) * 1000
  const port = args.port === undefined ? undefined : positiveInt(args.port, '--port', 0)
  const specFile = args.spec ? resolve(args.spec) : resolve(ROOT, DEFAULT_SPEC)
  const outDir = args.out ? resolve(args.out) : resolve(ROOT, DEFAULT_OUT)
  let contract
  try {
    contract = loadContract(specFile)
  } catch (error) {
    fail(`cannot read the contract ${specFile}: ${(error as Error).message}`)
  }
  const providers = ['alphabet', 'askmebet', 'gclub', 'gclub_live'] satisfies State['provider'][]
  const provider = (args.provider ?? 'askmebet') as State['provider']
  if (!providers.includes(provider)) fail(`--provider must be one of ${providers.join(', ')}`)

  let username = process.env.DRIFT_USERNAME
  let password = process.env.DRIFT_PASSWORD
  if (!username || !password) {
    if (username || password) fail('set both DRIFT_USERNAME and DRIFT_PASSWORD, or neither')
    ;({ username, password } = DEMO_USER)
    console.error(
      `drift: DRIFT_USERNAME/DRIFT_PASSWORD not set, logging in as ${username} (the Prism mock accepts it)`,
    )
  }

  for (const file of Object.values(REPORT_FILES)) rmSync(resolve(outDir, file), { force: true })
  await preflight(target, Math.min(timeoutMs, 10_000))

  stopProxiesOnSignals()
  const t = performance.now()
  let proxy
  try {
    proxy = await startPrismProxy({ spec: specFile, upstream: target, port, verbose: args.verbose })
  } catch (error) {
    if (error instanceof ProxyStartError) fail(error.message)
    throw error
  }
  console.error(
    `drift: Prism proxy ${proxy.url} -> ${target} (started in ${((performance.now() - t) / 1000).toFixed(1)} s)`,
  )
  try {
    const result = await runDrift({
      target,
      proxyUrl: proxy.url,
      contract,
      write: args.write,
      username,
      password,
      provider,
      timeoutMs,
      budgetMs,
    })
    if (result.aborted) fail(result.aborted)
    const color = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR
    console.log(terminalReport(result, color))
    const files = writeReports(result, outDir)
    console.log(
      `reports: ${Object.values(files)
        .map((f) => relative(process.cwd(), f))
        .join(', ')}`,
    )
    return result.summary.findings > 0 ? 1 : 0
  } finally {
    await proxy.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`drift: ${error instanceof Error ? error.message : String(error)}`)
    if (process.env.DEBUG) console.error(error)
    process.exit(2)
  },
)
