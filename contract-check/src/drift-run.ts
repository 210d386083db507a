// Runs the drift scenario through a running Prism proxy and judges every call.
// The client is openapi-fetch over the generated `paths`, configured as the site's
// (src/lib/api-client.ts: JSON content type on every call), with its own cookie jar (Node's
// fetch keeps none) and a time limit on every request and on the whole run.
// Around the scenario's own calls, the checks of check-steps.ts (ignored auth, negative data,
// and with --write: Idempotency-Key replay, final orders, read-back) send their own requests
// through the same proxy, recorded and judged the same way.
import createClient from 'openapi-fetch'
import { operations, type OperationId } from '../../generated/api/operations'
import type { paths } from '../../generated/api/schema'
import { afterStep, type CheckOutcome, type Send } from './check-steps'
import { headerParameter, type Contract } from './contract'
import {
  CHECKS,
  checkCall,
  parseViolations,
  setCookies,
  type CallRecord,
  type CheckName,
  type CheckOptions,
  type Finding,
} from './drift-checks'
import {
  DriftAbort,
  scenario,
  scenarioOrder,
  type State,
  type StepContext,
  type StepKind,
} from './drift-scenario'
import { curlLine, Redactor } from './redact'

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

/** Response bodies kept in a record (masked); longer ones are cut. */
const MAX_BODY = 64 * 1024

function describeError(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error)
  if (error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`
  if (error.name === 'AbortError') return 'run time limit reached'
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? error.message
}

type Meta = {
  operationId: string
  schemaPath: string
  check: CheckName
  note?: string
  /** Send the session cookie (probes of ignored auth do not). */
  withSession: boolean
  checkOptions?: CheckOptions
  /** Findings the caller adds once it has read the answer. */
  judge?: (answer: { status?: number; body: unknown }) => Finding[]
}

export async function runDrift(options: DriftOptions): Promise<DriftResult> {
  const started = performance.now()
  const startedAt = new Date().toISOString()
  const { contract } = options
  const runController = new AbortController()
  const budget = setTimeout(() => runController.abort(), options.budgetMs)
  const calls: CallRecord[] = []
  const jar = new Map<string, string>()
  const redact = new Redactor()
  redact.add(options.password)
  /** Raw (unmasked) request and response bodies by call, for the checks that read them. */
  const raw = new WeakMap<CallRecord, { request?: string; response?: string }>()
  let pending: { schemaPath?: string; note?: string } = {}

  const byMethodPath = new Map<string, string>(
    Object.entries(operations).map(([id, o]) => [`${o.method} ${o.path}`, id]),
  )

  async function exchange(
    request: Request,
    meta: Meta,
  ): Promise<{ record: CallRecord; response?: Response; error?: unknown }> {
    const op = contract.operations.get(meta.operationId)
    if (meta.withSession && jar.size) {
      request.headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
    } else if (!meta.withSession) request.headers.delete('cookie')
    // An operation that declares Idempotency-Key gets one, as the site sends it.
    if (meta.check === 'scenario' && op) {
      const key = headerParameter(op, 'Idempotency-Key')
      if (key && !request.headers.has(key.name)) request.headers.set(key.name, crypto.randomUUID())
    }
    const requestBody = request.body ? await request.clone().text() : undefined
    const url = new URL(request.url)
    const t = performance.now()
    let response: Response | undefined
    let bodyText: string | undefined
    let error: unknown
    try {
      const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), runController.signal])
      // A redirect is an answer to judge (often to a login page), not something to follow.
      response = await fetch(request, { signal, redirect: 'manual' })
      bodyText = await response.clone().text()
    } catch (e) {
      error = e
    }
    const durationMs = Math.round(performance.now() - t)
    if (response) {
      for (const [, value] of setCookies(response.headers)) redact.add(value)
    }
    for (const value of jar.values()) redact.add(value)
    const violations = parseViolations(response?.headers.get('sl-violations'))
    const described = error ? describeError(error, options.timeoutMs) : undefined
    const findings: Finding[] = op
      ? checkCall(
          contract,
          op,
          {
            status: error ? undefined : response?.status,
            headers: response?.headers,
            bodyText,
            error: described,
          },
          violations,
          meta.checkOptions,
        )
      : [
          {
            kind: 'request-rejected',
            message: `${request.method} ${meta.schemaPath} is not an operation of ${contract.file}`,
          },
        ]
    if (response && meta.judge) {
      let body: unknown
      try {
        body = bodyText ? JSON.parse(bodyText) : undefined
      } catch {
        body = undefined
      }
      findings.push(...meta.judge({ status: response.status, body }))
    }
    if (
      response &&
      options.maxResponseTimeMs !== undefined &&
      durationMs > options.maxResponseTimeMs
    ) {
      findings.push({
        kind: 'slow',
        field: 'time',
        message: `answered in ${durationMs} ms (limit ${options.maxResponseTimeMs} ms)`,
      })
    }
    const targetUrl = options.target + url.pathname + url.search
    const headers = redact.headers(
      [...request.headers].filter(([k]) => !['content-length', 'host'].includes(k.toLowerCase())),
    )
    const recorded = {
      method: request.method.toUpperCase(),
      url: redact.url(targetUrl),
      headers,
      body: redact.body(requestBody),
    }
    const record: CallRecord = {
      operationId: meta.operationId,
      check: meta.check,
      method: request.method.toUpperCase(),
      path: meta.schemaPath,
      url: redact.url(url.pathname + url.search),
      status: response?.status,
      contentType: response?.headers.get('content-type') ?? undefined,
      durationMs,
      violations,
      findings,
      note: meta.note,
      error: described,
      request: recorded,
      curl: curlLine(recorded),
      response: response
        ? {
            headers: redact.headers(
              [...response.headers].filter(([k]) => k.toLowerCase() !== 'sl-violations'),
            ),
            body: redact.body(bodyText?.slice(0, MAX_BODY)),
          }
        : undefined,
    }
    raw.set(record, { request: requestBody, response: bodyText })
    calls.push(record)
    options.onCall?.(record)
    if (response && meta.check === 'scenario') {
      for (const [name, value] of setCookies(response.headers)) {
        if (value === null) jar.delete(name)
        else jar.set(name, value)
      }
    }
    return { record, response, error }
  }

  const api = createClient<paths>({
    baseUrl: options.proxyUrl,
    headers: { 'Content-Type': 'application/json' },
    fetch: async (request: Request) => {
      const method = request.method.toLowerCase()
      const schemaPath = pending.schemaPath ?? new URL(request.url).pathname
      const note = pending.note
      pending = {}
      const operationId = byMethodPath.get(`${method} ${schemaPath}`) ?? 'unknown'
      const { response, error } = await exchange(request, {
        operationId,
        schemaPath,
        check: 'scenario',
        note,
        withSession: true,
      })
      if (error || !response) throw error
      return response
    },
  })
  api.use({
    onRequest({ schemaPath }) {
      pending.schemaPath = schemaPath
      return undefined
    },
  })

  const send: Send = async (call) => {
    const url = new URL(options.proxyUrl + call.path)
    url.search = call.query?.toString() ?? ''
    const headers = new Headers(call.headers)
    let body: string | undefined
    if (call.body !== undefined) {
      body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body)
      if (!headers.has('content-type')) headers.set('content-type', 'application/json')
    } else if (!headers.has('content-type')) headers.set('content-type', 'application/json')
    const { record, response } = await exchange(
      new Request(url, { method: call.method.toUpperCase(), headers, body }),
      {
        operationId: call.operationId,
        schemaPath: contract.operations.get(call.operationId)?.path ?? call.path,
        check: call.check,
        note: call.note,
        withSession: call.withSession,
        checkOptions: call.checkOptions,
        judge: call.judge,
      },
    )
    return { record, status: response?.status, body: parseJson(raw.get(record)?.response) }
  }

  const state: State = {
    username: options.username,
    password: options.password,
    provider: options.provider ?? 'askmebet',
  }
  const ctx: StepContext = {
    api,
    state,
    note(text) {
      pending.note = text
    },
    hasSession() {
      return contract.sessionCookie ? jar.has(contract.sessionCookie) : jar.size > 0
    },
    sessionCookie: contract.sessionCookie,
  }

  const reasons = new Map<string, string>()
  const errors = new Map<string, string>()
  const checks: CheckOutcome[] = []
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
        const own = calls.slice(before).filter((c) => c.findings.length)
        if (own.length) aborted += ' (the answer breaks the contract: see the findings)'
        continue
      }
      const message = describeError(error, options.timeoutMs)
      if (calls.length > before) errors.set(id, message)
      else reasons.set(id, `the step failed before calling: ${message}`)
    }
    if (runController.signal.aborted) continue
    const stepCalls = calls.slice(before).filter((c) => c.operationId === id)
    checks.push(
      ...(await afterStep({
        operationId: id,
        kind: step.kind,
        write: options.write,
        enabled: new Set(options.checks ?? (Object.keys(CHECKS) as CheckName[])),
        contract,
        calls: stepCalls,
        allCalls: calls,
        rawBody: (c) => raw.get(c),
        send,
      })),
    )
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
    maxResponseTimeMs: options.maxResponseTimeMs,
    operations: outcomes,
    calls,
    checks,
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

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
