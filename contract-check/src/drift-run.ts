// Runs the drift scenario through a running Prism proxy and judges every call.
// The client is openapi-fetch over the generated `paths`, configured as the site's
// (src/lib/api-client.ts: JSON content type on every call), with its own cookie jar (Node's
// fetch keeps none) and a time limit on every request and on the whole run.
// Around the scenario's own calls, the checks of check-steps.ts (ignored auth, negative data,
// and with --write: Idempotency-Key replay, final orders, read-back) send their own requests
// through the same proxy, recorded and judged the same way.
import createClient from 'openapi-fetch'
import { operationFacts, operations, type OperationId } from '../../generated/api/operations'
import type { paths } from '../../generated/api/schema'
import type { CheckOutcome, Send } from './check-shared'
import { afterStep } from './check-steps'
import type { Contract } from './contract'
import { coverageOf, type Coverage, type MeasureName } from './coverage'
import { CHECKS, type CallRecord, type CheckName } from './drift-checks'
import { ContextChecks } from './context-checks'
import { CallLog, describeError, parseJson, type CallJudge } from './drift-exchange'
import {
  DriftAbort,
  scenario,
  scenarioOrder,
  type Api,
  type State,
  type StepContext,
  type StepKind,
} from './drift-scenario'

export type DriftOptions = {
  /** The server judged (for the reports and reproduction lines); calls go to `proxyUrl`. */
  target: string
  proxyUrl: string
  contract: Contract
  write: boolean
  username: string
  password: string
  provider?: State['provider']
  /** Per request. */
  timeoutMs: number
  /** Whole run; steps not started by then are listed as not exercised. */
  budgetMs: number
  /** Checks made around the scenario's calls (default: all of them). */
  checks?: CheckName[]
  /** Answers slower than this are findings. */
  maxResponseTimeMs?: number
  onCall?: (call: CallRecord) => void
  /** Judges that read each call with its request (context checks). */
  judges?: CallJudge[]
  /** `--min-coverage`: the least percent of each measure the run must exercise. */
  minCoverage?: Partial<Record<MeasureName, number>>
}

export type OperationOutcome = {
  operationId: string
  method: string
  path: string
  tag: string
  kind: StepKind | 'unknown'
  exercised: boolean
  /** Why it was not exercised. */
  reason?: string
  /** A client-side failure after the call (e.g. a body it could not parse). */
  error?: string
  calls: CallRecord[]
}

export type DriftResult = {
  target: string
  proxy: string
  startedAt: string
  durationMs: number
  write: boolean
  maxResponseTimeMs?: number
  operations: OperationOutcome[]
  calls: CallRecord[]
  /** The checks around the scenario, per operation: passed, failed or not exercised (why). */
  checks: CheckOutcome[]
  /** What the run exercised (./coverage.ts), and the measures below `--min-coverage`. */
  coverage: Coverage
  /** Set when the run stopped early (login failed ...). Exit code 2 unless there are findings. */
  aborted?: string
  summary: {
    operations: number
    exercised: number
    notExercised: number
    calls: number
    findings: number
    driftedOperations: number
  }
}

const byMethodPath = new Map<string, string>(
  Object.entries(operations).map(([id, o]) => [`${o.method} ${o.path}`, id]),
)

/**
 * The site's typed client over the log: each call is recorded under the operation its path
 * template names (read from openapi-fetch's middleware, keyed by the request it hands to fetch),
 * with the note a step attached to it.
 */
function scenarioClient(log: CallLog, proxyUrl: string): { api: Api; note(text: string): void } {
  const templates = new WeakMap<Request, string>()
  const notes: string[] = []
  const api = createClient<paths>({
    baseUrl: proxyUrl,
    headers: { 'Content-Type': 'application/json' },
    fetch: async (request: Request) => {
      const schemaPath = templates.get(request) ?? new URL(request.url).pathname
      const operationId =
        byMethodPath.get(`${request.method.toLowerCase()} ${schemaPath}`) ?? 'unknown'
      const { response, error } = await log.exchange(request, {
        operationId,
        schemaPath,
        check: 'scenario',
        note: notes.shift(),
        withSession: true,
      })
      if (error || !response) throw error
      return response
    },
  })
  api.use({
    onRequest({ schemaPath, request }) {
      templates.set(request, schemaPath)
      return undefined
    },
  })
  return { api, note: (text) => void notes.splice(0, notes.length, text) }
}

/** The checks' own calls: a concrete path, query, headers and body, through the same log. */
function checkSender(log: CallLog, proxyUrl: string, contract: Contract): Send {
  return async (call) => {
    const url = new URL(proxyUrl + call.path)
    url.search = call.query?.toString() ?? ''
    const headers = new Headers(call.headers)
    let body: string | undefined
    if (call.body !== undefined) {
      body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body)
    }
    if (!headers.has('content-type')) headers.set('content-type', 'application/json')
    const { record, response } = await log.exchange(
      new Request(url, { method: call.method.toUpperCase(), headers, body }),
      {
        operationId: call.operationId,
        schemaPath: contract.operations.get(call.operationId)?.path ?? call.path,
        check: call.check,
        note: call.note,
        withSession: call.withSession,
        cookie: call.cookie,
        checkOptions: call.checkOptions,
        judge: call.judge,
      },
    )
    return { record, status: response?.status, body: parseJson(log.rawBody(record)?.response) }
  }
}

type StepsResult = {
  checks: CheckOutcome[]
  reasons: Map<string, string>
  errors: Map<string, string>
  aborted?: string
}

/** Runs the scenario's steps in order, each followed by the checks around it. */
async function runSteps(
  options: DriftOptions,
  log: CallLog,
  ctx: StepContext,
  send: Send,
  signal: AbortSignal,
): Promise<StepsResult> {
  const out: StepsResult = { checks: [], reasons: new Map(), errors: new Map() }
  const enabled = new Set(options.checks ?? (Object.keys(CHECKS) as CheckName[]))
  const { calls } = log
  for (const id of scenarioOrder) {
    const step = scenario[id]
    const skipped = out.aborted
      ? `not run: ${out.aborted}`
      : step.kind === 'write' && !options.write
        ? 'write call: runs only with --write'
        : signal.aborted
          ? `run time limit (${options.budgetMs} ms) reached`
          : undefined
    if (skipped) {
      out.reasons.set(id, skipped)
      continue
    }
    const before = calls.length
    const sessionBefore = ctx.hasSession() ? log.cookieHeader() : undefined
    try {
      await step.run(ctx)
    } catch (error) {
      if (error instanceof DriftAbort) {
        const own = calls.slice(before).filter((c) => c.findings.length)
        out.aborted = `${error.message}${own.length ? ' (the answer breaks the contract: see the findings)' : ''}`
        continue
      }
      const message = describeError(error, options.timeoutMs)
      if (calls.length > before) out.errors.set(id, message)
      else out.reasons.set(id, `the step failed before calling: ${message}`)
    }
    if (signal.aborted) continue
    out.checks.push(
      ...(await afterStep({
        operationId: id,
        kind: step.kind,
        write: options.write,
        enabled,
        contract: options.contract,
        calls: calls.slice(before).filter((c) => c.operationId === id),
        allCalls: calls,
        rawBody: (c) => log.rawBody(c),
        send,
        endedSession: sessionBefore && !ctx.hasSession() ? sessionBefore : undefined,
      })),
    )
  }
  return out
}

/** Every operation of the generated map and of the contract, with its calls or why it has none. */
function operationOutcomes(
  contract: Contract,
  calls: CallRecord[],
  steps: StepsResult,
): OperationOutcome[] {
  const ids = new Set<string>([...Object.keys(operations), ...contract.operations.keys()])
  const outcomes: OperationOutcome[] = [...ids].map((id) => {
    const generated = operations[id as OperationId] as (typeof operations)[OperationId] | undefined
    const op = contract.operations.get(id)
    const own = calls.filter((c) => c.operationId === id)
    const reason =
      own.length > 0
        ? undefined
        : !generated
          ? 'not in generated/api/operations.ts: run `npm run generate`'
          : !op
            ? `not in ${contract.file}`
            : (steps.reasons.get(id) ?? 'not called by the scenario')
    return {
      operationId: id,
      method: (op?.method ?? generated?.method ?? '').toUpperCase(),
      path: op?.path ?? generated?.path ?? '',
      tag: generated ? operationFacts[id as OperationId].tag : '',
      kind: generated ? scenario[id as OperationId].kind : 'unknown',
      exercised: own.length > 0,
      reason,
      error: steps.errors.get(id),
      calls: own,
    }
  })
  // Contract order is the order of the scenario; anything else after it.
  const order = new Map(scenarioOrder.map((id, i) => [id as string, i]))
  return outcomes.sort(
    (a, b) => (order.get(a.operationId) ?? 999) - (order.get(b.operationId) ?? 999),
  )
}

export async function runDrift(options: DriftOptions): Promise<DriftResult> {
  const started = performance.now()
  const startedAt = new Date().toISOString()
  const { contract } = options
  const runController = new AbortController()
  const budget = setTimeout(() => runController.abort(), options.budgetMs)
  const enabled = new Set(options.checks ?? (Object.keys(CHECKS) as CheckName[]))
  const context = new ContextChecks(contract, options.target, enabled)
  const log = new CallLog({
    target: options.target,
    contract,
    timeoutMs: options.timeoutMs,
    maxResponseTimeMs: options.maxResponseTimeMs,
    signal: runController.signal,
    judges: [context.judge, ...(options.judges ?? [])],
    onCall: options.onCall,
  })
  log.redact.add(options.password)
  const { api, note } = scenarioClient(log, options.proxyUrl)
  const ctx: StepContext = {
    api,
    state: {
      username: options.username,
      password: options.password,
      provider: options.provider ?? 'askmebet',
    },
    note,
    hasSession: () =>
      contract.sessionCookie ? log.jar.has(contract.sessionCookie) : log.jar.size > 0,
    sessionCookie: contract.sessionCookie,
  }
  const send = checkSender(log, options.proxyUrl, contract)
  const steps = await runSteps(options, log, ctx, send, runController.signal)
  clearTimeout(budget)

  const { calls } = log
  const outcomes = operationOutcomes(contract, calls, steps)
  const checks = [...steps.checks, ...context.outcomes()]
  const coverage = coverageOf(
    contract,
    { reached: context.reached, checks, calls, operations: outcomes },
    context.moves,
    options.minCoverage,
  )
  return {
    target: options.target,
    proxy: options.proxyUrl,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    write: options.write,
    maxResponseTimeMs: options.maxResponseTimeMs,
    operations: outcomes,
    calls,
    checks,
    coverage,
    aborted: steps.aborted,
    summary: {
      operations: outcomes.length,
      exercised: outcomes.filter((o) => o.exercised).length,
      notExercised: outcomes.filter((o) => !o.exercised).length,
      calls: calls.length,
      findings: calls.reduce((n, c) => n + c.findings.length, 0),
      driftedOperations: outcomes.filter((o) => o.calls.some((c) => c.findings.length > 0)).length,
    },
  }
}
