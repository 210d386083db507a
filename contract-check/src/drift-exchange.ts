// One call of the drift run, end to end: send it through the proxy (with the session cookie
// unless it is a probe without one), judge the answer (drift-checks.ts, the caller's own judge,
// the judges that read the call in its context, the time limit), record it with its secrets
// masked, and keep the cookies the scenario's calls set. The log holds every call in order and
// their raw bodies, for the checks that read them.
import { headerParameter, type Contract, type ContractOperation } from './contract'
import {
  checkCall,
  parseViolations,
  setCookies,
  type CallRecord,
  type CheckName,
  type CheckOptions,
  type Finding,
} from './drift-checks'
import { curlLine, Redactor } from './redact'

/** Response bodies kept in a record (masked); longer ones are cut. */
const MAX_BODY = 64 * 1024

export type CallMeta = {
  operationId: string
  schemaPath: string
  check: CheckName
  note?: string
  /** Send the session cookie (probes of ignored auth do not). */
  withSession: boolean
  /** Send this cookie header instead of the jar's (a session that was ended, replayed). */
  cookie?: string
  checkOptions?: CheckOptions
  /** Findings the caller adds once it has read the answer. */
  judge?: (answer: { status?: number; body: unknown }) => Finding[]
}

/** What a judge of the call in its context reads: the request as sent and the answer. */
export type JudgedCall = {
  op: ContractOperation
  check: CheckName
  url: URL
  requestBody: unknown
  status: number
  body: unknown
  headers: Headers
  /** Whether the request carried the session cookie. */
  sessionSent: boolean
  /** The call's number in the run (1-based), to name it in findings. */
  index: number
}
/** A check that reads a call with its request (agreement, promises, session). */
export type CallJudge = (call: JudgedCall) => Finding[]

export type ExchangeOptions = {
  target: string
  contract: Contract
  timeoutMs: number
  maxResponseTimeMs?: number
  signal: AbortSignal
  judges: CallJudge[]
  onCall?: (call: CallRecord) => void
}

export function describeError(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error)
  if (error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`
  if (error.name === 'AbortError') return 'run time limit reached'
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? error.message
}

export function parseJson(text: string | undefined): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

type Answer = { response?: Response; bodyText?: string; error?: unknown; durationMs: number }

export class CallLog {
  readonly calls: CallRecord[] = []
  /** The session: cookies the scenario's calls set. */
  readonly jar = new Map<string, string>()
  readonly redact = new Redactor()
  /** Raw (unmasked) request and response bodies by call, for the checks that read them. */
  private readonly raw = new WeakMap<CallRecord, { request?: string; response?: string }>()

  constructor(private readonly options: ExchangeOptions) {}

  rawBody(call: CallRecord) {
    return this.raw.get(call)
  }

  private sendsSession(request: Request): boolean {
    const name = this.options.contract.sessionCookie
    const cookie = request.headers.get('cookie') ?? ''
    return Boolean(name) && cookie.split(';').some((c) => c.trim().startsWith(`${name}=`))
  }

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  async exchange(
    request: Request,
    meta: CallMeta,
  ): Promise<{ record: CallRecord; response?: Response; error?: unknown }> {
    const op = this.options.contract.operations.get(meta.operationId)
    this.prepare(request, meta, op)
    const requestBody = request.body ? await request.clone().text() : undefined
    const answer = await this.send(request)
    if (answer.response) {
      for (const [, value] of setCookies(answer.response.headers)) this.redact.add(value)
    }
    for (const value of this.jar.values()) this.redact.add(value)
    const violations = parseViolations(answer.response?.headers.get('sl-violations'))
    const described =
      answer.error !== undefined ? describeError(answer.error, this.options.timeoutMs) : undefined
    const findings = this.judge(request, meta, op, answer, requestBody, violations, described)
    const record = this.record(request, meta, answer, requestBody, violations, findings, described)
    this.raw.set(record, { request: requestBody, response: answer.bodyText })
    this.calls.push(record)
    this.options.onCall?.(record)
    if (answer.response && meta.check === 'scenario') {
      for (const [name, value] of setCookies(answer.response.headers)) {
        if (value === null) this.jar.delete(name)
        else this.jar.set(name, value)
      }
    }
    return { record, response: answer.response, error: answer.error }
  }

  private prepare(request: Request, meta: CallMeta, op: ContractOperation | undefined) {
    if (meta.cookie !== undefined) request.headers.set('cookie', meta.cookie)
    else if (meta.withSession && this.jar.size) request.headers.set('cookie', this.cookieHeader())
    else if (!meta.withSession) request.headers.delete('cookie')
    // An operation that declares Idempotency-Key gets one, as the site sends it.
    if (meta.check === 'scenario' && op) {
      const key = headerParameter(op, 'Idempotency-Key')
      if (key && !request.headers.has(key.name)) request.headers.set(key.name, crypto.randomUUID())
    }
  }

  private async send(request: Request): Promise<Answer> {
    const t = performance.now()
    try {
      const signal = AbortSignal.any([
        AbortSignal.timeout(this.options.timeoutMs),
        this.options.signal,
      ])
      // A redirect is an answer to judge (often to a login page), not something to follow.
      const response = await fetch(request, { signal, redirect: 'manual' })
      const bodyText = await response.clone().text()
      return { response, bodyText, durationMs: Math.round(performance.now() - t) }
    } catch (error) {
      return { error, durationMs: Math.round(performance.now() - t) }
    }
  }

  private judge(
    request: Request,
    meta: CallMeta,
    op: ContractOperation | undefined,
    answer: Answer,
    requestBody: string | undefined,
    violations: ReturnType<typeof parseViolations>,
    described: string | undefined,
  ): Finding[] {
    const { contract, maxResponseTimeMs } = this.options
    const { response, bodyText } = answer
    if (!op) {
      return [
        {
          kind: 'request-rejected',
          message: `${request.method} ${meta.schemaPath} is not an operation of ${contract.file}`,
        },
      ]
    }
    const findings = checkCall(
      contract,
      op,
      { status: response?.status, headers: response?.headers, bodyText, error: described },
      violations,
      meta.checkOptions,
    )
    if (!response) return findings
    const body = parseJson(bodyText)
    if (meta.judge) findings.push(...meta.judge({ status: response.status, body }))
    const call: JudgedCall = {
      op,
      check: meta.check,
      url: new URL(request.url),
      requestBody: parseJson(requestBody),
      status: response.status,
      body,
      headers: response.headers,
      sessionSent: this.sendsSession(request),
      index: this.calls.length + 1,
    }
    for (const judge of this.options.judges) findings.push(...judge(call))
    if (maxResponseTimeMs !== undefined && answer.durationMs > maxResponseTimeMs) {
      findings.push({
        kind: 'slow',
        field: 'time',
        message: `answered in ${answer.durationMs} ms (limit ${maxResponseTimeMs} ms)`,
      })
    }
    return findings
  }

  private record(
    request: Request,
    meta: CallMeta,
    answer: Answer,
    requestBody: string | undefined,
    violations: ReturnType<typeof parseViolations>,
    findings: Finding[],
    described: string | undefined,
  ): CallRecord {
    const { redact } = this
    const { response, bodyText } = answer
    const url = new URL(request.url)
    const headers = redact.headers(
      [...request.headers].filter(([k]) => !['content-length', 'host'].includes(k.toLowerCase())),
    )
    const recorded = {
      method: request.method.toUpperCase(),
      url: redact.url(this.options.target + url.pathname + url.search),
      headers,
      body: redact.body(requestBody),
    }
    return {
      operationId: meta.operationId,
      check: meta.check,
      method: request.method.toUpperCase(),
      path: meta.schemaPath,
      url: redact.url(url.pathname + url.search),
      status: response?.status,
      contentType: response?.headers.get('content-type') ?? undefined,
      durationMs: answer.durationMs,
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
  }
}
