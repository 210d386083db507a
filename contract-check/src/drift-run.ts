// Runs the drift scenario through a running Prism proxy and judges every call.
// The client is openapi-fetch over the generated `paths`, configured as the site's
// (src/lib/api-client.ts: JSON content type on every call), with its own cookie jar (Node's
// fetch keeps none) and a time limit on every request and on the whole run.
import createClient from 'openapi-fetch'
import { operations, type OperationId } from '../../generated/api/operations'
import type { paths } from '../../generated/api/schema'
import type { Contract } from './contract'
import { checkCall, parseViolations, setCookies, type CallRecord } from './drift-checks'
import {
  DriftAbort,
  scenario,
  scenarioOrder,
  type State,
  type StepContext,
  type StepKind,
} from './drift-scenario'

export type DriftOptions = {
  /** The server judged (for the reports); calls go to `proxyUrl`. */
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
  onCall?: (call: CallRecord) => void
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
  operations: OperationOutcome[]
  calls: CallRecord[]
  /** Set when the run stopped early (login failed ...): exit code 2. */
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

function describeError(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error)
  if (error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`
  if (error.name === 'AbortError') return 'run time limit reached'
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? error.message
}

export async function runDrift(options: DriftOptions): Promise<DriftResult> {
  const started = performance.now()
  const startedAt = new Date().toISOString()
  const { contract } = options
  const runController = new AbortController()
  const budget = setTimeout(() => runController.abort(), options.budgetMs)
  const calls: CallRecord[] = []
  const jar = new Map<string, string>()
  let pendingNote: string | undefined
  let pendingSchemaPath: string | undefined

  const byMethodPath = new Map<string, string>(
    Object.entries(operations).map(([id, o]) => [`${o.method} ${o.path}`, id]),
  )

  const api = createClient<paths>({
    baseUrl: options.proxyUrl,
    headers: { 'Content-Type': 'application/json' },
    fetch: async (request: Request) => {
      const method = request.method.toLowerCase()
      const schemaPath = pendingSchemaPath ?? new URL(request.url).pathname
      pendingSchemaPath = undefined
      const operationId = byMethodPath.get(`${method} ${schemaPath}`) ?? 'unknown'
      const note = pendingNote
      pendingNote = undefined
      if (jar.size) {
        request.headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
      }
      const url = new URL(request.url)
      const t = performance.now()
      let response: Response | undefined
      let bodyText: string | undefined
      let error: unknown
      try {
        const signal = AbortSignal.any([
          AbortSignal.timeout(options.timeoutMs),
          runController.signal,
        ])
        response = await fetch(request, { signal })
        bodyText = await response.clone().text()
      } catch (e) {
        error = e
      }
      const violations = parseViolations(response?.headers.get('sl-violations'))
      const op = contract.operations.get(operationId)
      const record: CallRecord = {
        operationId,
        method: method.toUpperCase(),
        path: schemaPath,
        url: url.pathname + url.search,
        status: response?.status,
        contentType: response?.headers.get('content-type') ?? undefined,
        durationMs: Math.round(performance.now() - t),
        violations,
        findings: op
          ? checkCall(
              contract,
              op,
              {
                status: error ? undefined : response?.status,
                headers: response?.headers,
                bodyText,
                error: error ? describeError(error, options.timeoutMs) : undefined,
              },
              violations,
            )
          : [
              {
                kind: 'request-rejected',
                message: `${method.toUpperCase()} ${schemaPath} is not an operation of ${contract.file}`,
              },
            ],
        note,
        error: error ? describeError(error, options.timeoutMs) : undefined,
      }
      calls.push(record)
      options.onCall?.(record)
      if (response) {
        for (const [name, value] of setCookies(response.headers)) {
          if (value === null) jar.delete(name)
          else jar.set(name, value)
        }
      }
      if (error || !response) throw error
      return response
    },
  })
  api.use({
    onRequest({ schemaPath }) {
      pendingSchemaPath = schemaPath
      return undefined
    },
  })

  const state: State = {
    username: options.username,
    password: options.password,
    provider: options.provider ?? 'askmebet',
  }
  const ctx: StepContext = {
    api,
    state,
    note(text) {
      pendingNote = text
    },
    hasSession() {
      return contract.sessionCookie ? jar.has(contract.sessionCookie) : jar.size > 0
    },
    sessionCookie: contract.sessionCookie,
  }

  const reasons = new Map<string, string>()
  const errors = new Map<string, string>()
  let aborted: string | undefined
  for (const id of scenarioOrder) {
    const step = scenario[id]
    if (aborted) {
      reasons.set(id, `not run: ${aborted}`)
      continue
    }
    if (step.kind === 'write' && !options.write) {
      reasons.set(id, 'write call: runs only with --write')
      continue
    }
    if (runController.signal.aborted) {
      reasons.set(id, `run time limit (${options.budgetMs} ms) reached`)
      continue
    }
    const before = calls.length
    try {
      await step.run(ctx)
    } catch (error) {
      if (error instanceof DriftAbort) {
        aborted = error.message
        continue
      }
      const message = describeError(error, options.timeoutMs)
      if (calls.length > before) errors.set(id, message)
      else reasons.set(id, `the step failed before calling: ${message}`)
    }
  }
  clearTimeout(budget)

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
            : (reasons.get(id) ?? 'not called by the scenario')
    return {
      operationId: id,
      method: (op?.method ?? generated?.method ?? '').toUpperCase(),
      path: op?.path ?? generated?.path ?? '',
      tag: generated?.tag ?? '',
      kind: generated ? scenario[id as OperationId].kind : 'unknown',
      exercised: own.length > 0,
      reason,
      error: errors.get(id),
      calls: own,
    }
  })
  // Contract order is the order of the scenario; anything else after it.
  const order = new Map(scenarioOrder.map((id, i) => [id as string, i]))
  outcomes.sort((a, b) => (order.get(a.operationId) ?? 999) - (order.get(b.operationId) ?? 999))

  const findings = calls.reduce((n, c) => n + c.findings.length, 0)
  return {
    target: options.target,
    proxy: options.proxyUrl,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    write: options.write,
    operations: outcomes,
    calls,
    aborted,
    summary: {
      operations: outcomes.length,
      exercised: outcomes.filter((o) => o.exercised).length,
      notExercised: outcomes.filter((o) => !o.exercised).length,
      calls: calls.length,
      findings,
      driftedOperations: outcomes.filter((o) => o.calls.some((c) => c.findings.length > 0)).length,
    },
  }
}
