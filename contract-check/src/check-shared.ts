// What the checks around the calls share: the step they follow, how they send their own calls,
// their outcome, and small readers of JSON answers.
import type { Contract, ContractOperation } from './contract'
import type { CallRecord, CheckName, CheckOptions, Finding } from './drift-checks'
import type { StepKind } from './drift-scenario'

export type CheckOutcome = {
  check: CheckName
  operationId: string
  status: 'passed' | 'failed' | 'not exercised'
  /** Why it was not exercised, or what was checked. */
  detail: string
}

export type Send = (call: {
  operationId: string
  check: CheckName
  method: string
  /** Concrete path under the target (`/v2/deposits/42/cancel`). */
  path: string
  query?: URLSearchParams
  headers?: [string, string][]
  body?: unknown
  withSession: boolean
  /** A cookie header to send instead of the session's (e.g. a session that was ended). */
  cookie?: string
  note?: string
  checkOptions?: CheckOptions
  judge?: (answer: { status?: number; body: unknown }) => Finding[]
}) => Promise<{ record: CallRecord; status?: number; body: unknown }>

export type StepInfo = {
  operationId: string
  kind: StepKind
  write: boolean
  enabled: ReadonlySet<CheckName>
  contract: Contract
  /** The scenario's calls of this operation in this step. */
  calls: CallRecord[]
  allCalls: CallRecord[]
  rawBody(call: CallRecord): { request?: string; response?: string } | undefined
  send: Send
  /** The session cookie header this step ended (held before it, gone after it), if it did. */
  endedSession?: string
}

/** The step's first scenario call, read once for every check that follows it. */
export type StepCall = {
  step: StepInfo
  op: ContractOperation
  first: CallRecord
  path: string
  query: URLSearchParams
  rawRequest: string | undefined
  requestBody: unknown
}

export const ok = (status: number | undefined) =>
  status !== undefined && status >= 200 && status < 300
export const is4xx = (status: number | undefined) =>
  status !== undefined && status >= 400 && status < 500

/** Whether `value` appears anywhere in a JSON value (as a string or number). */
export function contains(node: unknown, value: string): boolean {
  if (node === value || (typeof node === 'number' && String(node) === value)) return true
  if (Array.isArray(node)) return node.some((n) => contains(n, value))
  if (node && typeof node === 'object') return Object.values(node).some((n) => contains(n, value))
  return false
}

/** The id of what a create answered: `id`, else the first `...Id` property. */
export function createdId(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined
  const b = body as Record<string, unknown>
  const key = 'id' in b ? 'id' : Object.keys(b).find((k) => /Id$/.test(k))
  const value = key ? b[key] : undefined
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined
}

export function pathOf(template: string, params: Record<string, string>) {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  )
}

export function splitUrl(url: string) {
  const u = new URL(url, 'http://x')
  return { path: u.pathname, query: u.searchParams }
}
