// What counts as drift on one call. Prism's `sl-violations` header is the body and header
// check; we add what Prism does not judge (or only warns about): undocumented status, content
// type, error code outside ErrorCode (also on undocumented statuses, whose bodies Prism skips),
// any 5xx, and a call that got no answer. Each response belongs to the one call that caused it
// (calls are sequential and the header rides on the response), so attribution is exact.
import { documentedResponse, type Contract, type ContractOperation } from './contract'

export type Violation = {
  location: (string | number)[]
  severity: string
  code?: string | number
  message: string
}

export const FINDING_KINDS = {
  'response-body': 'response body breaks the schema',
  'response-header': 'response header breaks the schema',
  'undocumented-status': 'status code the contract does not document',
  'content-type': 'content type the contract does not document',
  'error-code':
    'error code outside the ErrorCode enum, or not one the operation lists for that status',
  'server-error': 'server error (5xx)',
  'request-rejected': 'our client sent a request the contract rejects',
  'no-answer': 'no answer from the target',
  session: 'session cookie not as the contract says',
  'session-refused': 'a call made with a live session was refused (401/403)',
  'session-kept': 'a call made with an ended session was not refused',
  agreement: 'the answer disagrees with the request it answers',
  promise: 'the answer breaks a promise the contract states in words',
  lifecycle: "an order's or usage's status moved, or ended, against its x-lifecycle table",
  'auth-ignored': 'protected call answered without the session cookie',
  'negative-accepted': 'input the contract forbids was not refused with a documented 4xx',
  idempotency: 'the same Idempotency-Key did not give the same result',
  'final-state': 'a final order changed or was not kept',
  'read-back': 'what a create returned cannot be read back',
  slow: 'slower than --max-response-time',
} as const
export type FindingKind = keyof typeof FINDING_KINDS

export type Finding = {
  kind: FindingKind
  /** Where: a body path (`credit.amount`), `code`, a header, a query parameter ... */
  field?: string
  message: string
}

/** Which check made a call: the scenario's own, or one of the checks around it. */
export const CHECKS = {
  scenario: 'the call the site makes',
  auth: 'ignored auth: the same call without the session cookie must answer the documented 401',
  negative: 'negative data: input the contract forbids must be refused with a documented 4xx',
  idempotency: 'the same call with the same Idempotency-Key must return the same result',
  'final-state': 'a canceled or paid order stays final',
  'read-back': 'what a create returned can be read back',
  'one-at-a-time':
    'a create the contract allows once at a time (x-repeat-refused), made again, is refused with a listed code',
  session:
    'the session: a live session is never refused, an ended one always is, its cookie has the promised attributes',
  agreement: 'the answer agrees with the request (same-named values, page size)',
  promises:
    'the promises the contract states in words (x-unique, x-sorted, x-currency, x-utc, x-zero-date, x-time-zone, x-formula, x-after, x-immutable)',
  lifecycle:
    'statuses seen twice move along the x-lifecycle table; a created one starts in an initial status; an ended one carries closedAt and the reason the table names',
} as const
export type CheckName = keyof typeof CHECKS

/** The request as sent to the target, secrets masked. */
export type RecordedRequest = {
  method: string
  /** Absolute URL on the target (not the proxy). */
  url: string
  headers: [string, string][]
  body?: string
}

export type CallRecord = {
  operationId: string
  check: CheckName
  method: string
  /** Path template from the contract. */
  path: string
  /** Path and query actually sent. */
  url: string
  status?: number
  contentType?: string
  durationMs: number
  /** Raw `sl-violations` from Prism. */
  violations: Violation[]
  findings: Finding[]
  /** Why the call was made the way it was (e.g. a probe id). */
  note?: string
  /** Transport failure (timeout, refused) when there was no answer. */
  error?: string
  request: RecordedRequest
  /** A curl command that replays the call against the target, secrets masked. */
  curl: string
  response?: { headers: [string, string][]; body?: string }
}

export type RawExchange = {
  status?: number
  headers?: Headers
  bodyText?: string
  error?: string
}

export function parseViolations(header: string | null | undefined): Violation[] {
  if (!header) return []
  try {
    const parsed = JSON.parse(header) as unknown
    return Array.isArray(parsed) ? (parsed as Violation[]) : []
  } catch {
    return [
      { location: ['proxy'], severity: 'Error', message: `unreadable sl-violations: ${header}` },
    ]
  }
}

/** `['response','body','player']` + "must have required property 'displayName'" -> `player.displayName`. */
export function violationField(v: Violation): string {
  const base = v.location.slice(2).map(String)
  const named =
    /required property '([^']+)'/.exec(v.message)?.[1] ??
    /additional properties; found '([^']+)'/.exec(v.message)?.[1]
  if (named && (v.code === 'required' || v.code === 'additionalProperties')) base.push(named)
  return base.join('.')
}

function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

function isJson(type: string) {
  return type === 'application/json' || type.endsWith('+json')
}

export type CheckOptions = {
  /**
   * Request violations the caller caused on purpose and Prism is expected to report: the
   * missing session cookie of an ignored-auth probe, the forbidden input of negative data.
   */
  expectedRequestViolations?: 'security' | 'input'
}

/** Prism's request violation for a missing or wrong session cookie. */
export function isSecurityViolation(v: Violation): boolean {
  return String(v.location[0]) === 'request' && (v.code === 401 || v.code === '401')
}

/** A violation of the request's input (body, query, path, headers), not of its security. */
export function isInputViolation(v: Violation): boolean {
  return (
    String(v.location[0]) === 'request' &&
    v.severity === 'Error' &&
    !isSecurityViolation(v) &&
    !/route not (found|resolved)/i.test(v.message)
  )
}

type Answer = { status: number; type: string; text: string; body: unknown; bodyIsJson: boolean }

function readAnswer(exchange: RawExchange & { status: number }): Answer {
  const text = exchange.bodyText ?? ''
  let body: unknown
  let bodyIsJson = false
  if (text.length > 0) {
    try {
      body = JSON.parse(text)
      bodyIsJson = true
    } catch {
      /* judged by the content type */
    }
  }
  return {
    status: exchange.status,
    type: mediaType(exchange.headers?.get('content-type')),
    text,
    body,
    bodyIsJson,
  }
}

/** Prism's own failure to reach the upstream (its answer, not the target's). */
function proxyFailure(a: Answer): Finding | undefined {
  const body = a.body as { type?: unknown; title?: unknown } | undefined
  if (a.status !== 500 || a.type !== 'application/problem+json' || body?.type !== 'FetchError')
    return undefined
  const title = String(body.title ?? '')
  return { kind: 'no-answer', message: `the proxy could not reach the target: ${title}` }
}

/** Content type: of the documented response, or of any response when the status is unknown. */
function contentTypeFinding(
  op: ContractOperation,
  documented: ReturnType<typeof documentedResponse>,
  a: Answer,
): Finding | undefined {
  const allowed = documented
    ? Object.keys(documented.content ?? {})
    : [...new Set(Object.values(op.responses).flatMap((r) => Object.keys(r.content ?? {})))]
  if (a.text.length > 0 && allowed.length > 0 && !allowed.map(mediaType).includes(a.type)) {
    return {
      kind: 'content-type',
      field: 'content-type',
      message: `content type "${a.type || '(none)'}" is not documented (documented: ${allowed.join(', ')})`,
    }
  }
  if (isJson(a.type) && a.text.length > 0 && !a.bodyIsJson) {
    return {
      kind: 'response-body',
      field: '(body)',
      message: `content type is ${a.type} but the body is not JSON`,
    }
  }
  return undefined
}

/**
 * Error code: every 4xx/5xx body is an Error whose `code` is an ErrorCode, and one of the codes
 * the operation's response for that status names (when the contract names them).
 */
function errorCodeFinding(
  contract: Contract,
  op: ContractOperation,
  documented: boolean,
  a: Answer,
): Finding | undefined {
  const { body } = a
  if (a.status < 400 || !a.bodyIsJson || !body || typeof body !== 'object' || Array.isArray(body))
    return undefined
  const code = (body as { code?: unknown }).code
  if (typeof code !== 'string') {
    return documented
      ? undefined
      : { kind: 'error-code', field: 'code', message: 'error body has no code' }
  }
  if (!contract.errorCodes.has(code))
    return {
      kind: 'error-code',
      field: 'code',
      message: `error code "${code}" is not in the ErrorCode enum`,
    }
  const listed = documented ? op.errorCodes[String(a.status)] : undefined
  if (!listed || listed.includes(code)) return undefined
  return {
    kind: 'error-code',
    field: 'code',
    message: `error code "${code}" is not one ${op.operationId} answers with ${a.status} (the contract lists ${listed.join(', ')})`,
  }
}

/**
 * A documented Set-Cookie (login, register, logout, password change) must carry the session
 * cookie of the security scheme: Prism does not check it, and the site's session depends on it.
 */
function sessionCookieFinding(
  contract: Contract,
  documented: ReturnType<typeof documentedResponse>,
  headers: Headers | undefined,
): Finding | undefined {
  const documentsCookie = Object.keys(documented?.headers ?? {}).some(
    (h) => h.toLowerCase() === 'set-cookie',
  )
  if (!documentsCookie || !contract.sessionCookie || !headers) return undefined
  if (setCookies(headers).has(contract.sessionCookie)) return undefined
  return {
    kind: 'session',
    field: `set-cookie ${contract.sessionCookie}`,
    message: `no Set-Cookie for "${contract.sessionCookie}" although the contract documents one`,
  }
}

/** Prism's violations as findings, less those our own checks already judged. */
function violationFindings(
  contract: Contract,
  violations: Violation[],
  options: CheckOptions,
  judged: { contentTypeWrong: boolean; codeChecked: boolean; codeNotListed: boolean },
): Finding[] {
  const findings: Finding[] = []
  for (const v of violations) {
    const [where, part] = v.location.map(String)
    if (where === 'request') {
      if (options.expectedRequestViolations === 'security' && isSecurityViolation(v)) continue
      if (options.expectedRequestViolations === 'input' && isInputViolation(v)) continue
      if (v.severity !== 'Error' && !/route not (found|resolved)/i.test(v.message)) continue
      if (v.code === 401 || v.code === '401') {
        findings.push({
          kind: 'request-rejected',
          field: `cookie ${contract.sessionCookie ?? ''}`.trim(),
          message: `sent without a valid session cookie (${v.message})`,
        })
        continue
      }
      findings.push({
        kind: 'request-rejected',
        field: v.location.slice(1).map(String).join('.') || undefined,
        message: v.message,
      })
      continue
    }
    if (where === 'response') {
      // Judged by our own checks (Prism only warns about a status, and a body it could not
      // parse because of the content type is the same finding).
      if (/returned status code/i.test(v.message)) continue
      if (/received media type/i.test(v.message)) continue
      if (judged.contentTypeWrong && v.location.length <= 2) continue
      // A code the check above judged: Prism's schema errors for it (the `code` const of each
      // per-code schema, the `oneOf` none of them matched) say the same thing less clearly.
      if (judged.codeChecked && part === 'body' && isCodeViolation(v)) continue
      // A code the response does not list has no schema there to judge its details by.
      if (judged.codeNotListed && part === 'body') continue
      if (v.severity !== 'Error') continue
      const kind: FindingKind =
        part === 'header' || part === 'headers' ? 'response-header' : 'response-body'
      findings.push({ kind, field: violationField(v) || undefined, message: v.message })
      continue
    }
    if (v.severity === 'Error') findings.push({ kind: 'response-body', message: v.message })
  }
  return findings
}

export function checkCall(
  contract: Contract,
  op: ContractOperation,
  exchange: RawExchange,
  violations: Violation[],
  options: CheckOptions = {},
): Finding[] {
  if (exchange.status === undefined) {
    return [{ kind: 'no-answer', message: exchange.error ?? 'no answer' }]
  }
  const a = readAnswer({ ...exchange, status: exchange.status })
  const unreachable = proxyFailure(a)
  if (unreachable) return [unreachable]
  const findings: Finding[] = []
  const documented = documentedResponse(op, a.status)
  if (!documented) {
    findings.push({
      kind: 'undocumented-status',
      field: 'status',
      message: `status ${a.status} is not documented (documented: ${op.statuses.join(', ')})`,
    })
  }
  const contentType = contentTypeFinding(op, documented, a)
  const code = errorCodeFinding(contract, op, Boolean(documented), a)
  const cookie = sessionCookieFinding(contract, documented, exchange.headers)
  for (const f of [contentType, code, cookie]) if (f) findings.push(f)
  if (a.status >= 500) {
    const errorCode = (a.body as { code?: unknown } | undefined)?.code
    findings.push({
      kind: 'server-error',
      field: 'status',
      message: `server error ${a.status}${typeof errorCode === 'string' ? ` ${errorCode}` : ''}`,
    })
  }
  findings.push(
    ...violationFindings(contract, violations, options, {
      contentTypeWrong: contentType?.kind === 'content-type',
      codeChecked: code !== undefined && code.message.startsWith('error code "'),
      codeNotListed: code?.message.includes('" is not one ') === true,
    }),
  )
  return findings
}

/** Prism's complaint about an error body's code: at `code`, or a body-level oneOf/discriminator mismatch. */
function isCodeViolation(v: Violation): boolean {
  if (v.location[2] === 'code' && v.location.length === 3) return true
  return v.location.length === 2 && /oneOf|discriminator|exactly one schema/i.test(v.message)
}

/** Name and value of each cookie a response sets; a value of null means "expired/cleared". */
export function setCookies(headers: Headers): Map<string, string | null> {
  const out = new Map<string, string | null>()
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...attrs] = line.split(';')
    const eq = pair.indexOf('=')
    if (eq <= 0) continue
    const name = pair.slice(0, eq).trim()
    const value = pair.slice(eq + 1).trim()
    const expired = attrs.some((a) => {
      const [k = '', v = ''] = a.split('=').map((s) => s.trim())
      if (k.toLowerCase() === 'max-age') return Number(v) <= 0
      if (k.toLowerCase() === 'expires') return Date.parse(v) < Date.now()
      return false
    })
    out.set(name, expired || value === '' ? null : value)
  }
  return out
}
