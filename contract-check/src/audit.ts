// The promises audit: every promise the contract makes (in its schemas, its descriptions and its
// `x-` annotations) that `contract-check drift` can check from outside, with the check that
// judges it and whether a run reached it. The promises it cannot check from outside, and why,
// are listed in the package README's audit table next to these.
import type { CheckOutcome } from './check-shared'
import type { CallRecord, CheckName } from './drift-checks'

/** What a run leaves behind that tells whether a promise was judged. */
export type RunFacts = {
  /** The ids the context checks marked as judged (ContextChecks.reached). */
  reached: ReadonlySet<string>
  checks: readonly CheckOutcome[]
  calls: readonly CallRecord[]
}

export type AuditPromise = {
  id: string
  promise: string
  check: CheckName
  /** The annotation or schema part the rule is read from. */
  source: string
  reached(run: RunFacts): boolean
}

const marked = (id: string) => (run: RunFacts) => run.reached.has(id)
const judgedBy =
  (check: CheckName, operations?: string[], detail?: RegExp) =>
  (run: RunFacts): boolean =>
    run.checks.some(
      (c) =>
        c.check === check &&
        c.status !== 'not exercised' &&
        (!operations || operations.includes(c.operationId)) &&
        (!detail || detail.test(c.detail)),
    )
const answered = (status: (s: number) => boolean) => (run: RunFacts) =>
  run.calls.some((c) => c.status !== undefined && status(c.status))

export const AUDIT: AuditPromise[] = [
  {
    id: 'shapes',
    promise:
      'Every answer has its documented shape: types, enums, patterns (money as decimal strings, LAK without decimals, credit with 2), required fields, closed objects, at most one LAK bank account',
    check: 'scenario',
    source: 'schemas (Prism)',
    reached: answered(() => true),
  },
  {
    id: 'statuses',
    promise: 'Only documented statuses and content types; no 5xx',
    check: 'scenario',
    source: 'responses',
    reached: answered(() => true),
  },
  {
    id: 'error-codes',
    promise: "An error's code is one the operation lists for that status",
    check: 'scenario',
    source: 'per-code error schemas',
    reached: answered((s) => s >= 400),
  },
  {
    id: 'retry-after',
    promise: '429 RATE_LIMITED carries Retry-After, whole seconds 1-3600',
    check: 'scenario',
    source: 'RateLimited response, required header (Prism)',
    reached: answered((s) => s === 429),
  },
  {
    id: 'auth',
    promise: 'A protected call without the session answers 401',
    check: 'auth',
    source: 'security: playerSession',
    reached: judgedBy('auth'),
  },
  {
    id: 'negative',
    promise: 'Input the contract forbids is refused with a documented 4xx',
    check: 'negative',
    source: 'request schemas',
    reached: judgedBy('negative'),
  },
  {
    id: 'session-cookie',
    promise: 'The session cookie is HttpOnly, SameSite=Lax, Path=/, lives 24 h (Secure on https)',
    check: 'session',
    source: 'x-cookie-attributes',
    reached: marked('session-cookie'),
  },
  {
    id: 'session-live',
    promise: 'A live session is never refused until a call ends it',
    check: 'session',
    source: 'playerSession',
    reached: marked('session-live'),
  },
  {
    id: 'session-ended',
    promise: 'After logout the ended session is refused (401)',
    check: 'session',
    source: 'ClearSessionCookie',
    reached: judgedBy('session', undefined, /^with the session/),
  },
  {
    id: 'logout-again',
    promise: 'Logout needs no session and always succeeds, also with the session it ended',
    check: 'session',
    source: 'logoutPlayer: security []',
    reached: judgedBy('session', undefined, /^sent again after it ended/),
  },
  {
    id: 'answered-as',
    promise: 'The answer is about what was asked (same provider, id, page)',
    check: 'agreement',
    source: 'x-answered-as, same names',
    reached: marked('answered-as'),
  },
  {
    id: 'page-size',
    promise: 'A page holds at most pageSize items',
    check: 'agreement',
    source: 'x-max-items-of',
    reached: marked('page-size'),
  },
  {
    id: 'request-id',
    promise: 'Every error answer carries its own requestId',
    check: 'promises',
    source: 'x-unique',
    reached: marked('request-id'),
  },
  {
    id: 'sorted',
    promise: 'Histories are newest first',
    check: 'promises',
    source: 'x-sorted',
    reached: marked('sorted'),
  },
  {
    id: 'decimals',
    promise: 'Money has the decimals of its currency (LAK 0, THB and USD 2)',
    check: 'promises',
    source: 'x-currency, x-decimals',
    reached: marked('decimals'),
  },
  {
    id: 'utc',
    promise: 'Date-times are RFC 3339 in UTC (Z)',
    check: 'promises',
    source: 'x-utc',
    reached: marked('utc'),
  },
  {
    id: 'zero-date',
    promise: '"None" is null: never a zero date (0001-01-01...) nor ""',
    check: 'promises',
    source: 'x-zero-date',
    reached: marked('zero-date'),
  },
  {
    id: 'time-zone',
    promise: "The agency's time zone is an IANA zone",
    check: 'promises',
    source: 'x-time-zone',
    reached: marked('time-zone'),
  },
  {
    id: 'formula',
    promise:
      'Figures add up, rounded down once: credit = amount / rate, totalCredit, payout = receiveCredit x rate, credit = bonus + receive + return, turnover target',
    check: 'promises',
    source: 'x-formula',
    reached: marked('formula'),
  },
  {
    id: 'after',
    promise: "A deposit's QR expires after the order was created",
    check: 'promises',
    source: 'x-after',
    reached: marked('after'),
  },
  {
    id: 'deadline',
    promise:
      'Nothing is answered past its deadline: an OPEN order before its expiresAt (then CANCELED, EXPIRED), a QR or a quote before theirs',
    check: 'promises',
    source: 'x-deadline',
    reached: marked('deadline'),
  },
  {
    id: 'fixed',
    promise: "An order's rate is fixed when it is made: every look answers the same",
    check: 'promises',
    source: 'x-immutable',
    reached: marked('fixed'),
  },
  {
    id: 'lifecycle-moves',
    promise: 'Order and usage statuses move only along their table',
    check: 'lifecycle',
    source: 'x-lifecycle transitions',
    reached: marked('lifecycle-moves'),
  },
  {
    id: 'lifecycle-initial',
    promise: 'A created order or usage starts in an initial status',
    check: 'lifecycle',
    source: 'x-lifecycle initial',
    reached: marked('lifecycle-initial'),
  },
  {
    id: 'lifecycle-end',
    promise: 'An ended order carries closedAt and the reason its move names; an open one neither',
    check: 'lifecycle',
    source: 'x-lifecycle final, reasons',
    reached: marked('lifecycle-end'),
  },
  {
    id: 'final-state',
    promise: 'A final order stays final: cancel refused with the code its table row gives',
    check: 'final-state',
    source: 'x-lifecycle refusals',
    reached: judgedBy('final-state'),
  },
  {
    id: 'replay',
    promise: 'A repeat with the same Idempotency-Key answers the first answer and acts once',
    check: 'idempotency',
    source: 'Idempotency-Key parameter',
    reached: judgedBy('idempotency'),
  },
  {
    id: 'replay-header',
    promise: 'A replay carries Idempotent-Replayed: true; a first answer does not',
    check: 'idempotency',
    source: 'x-replay-marker',
    reached: judgedBy('idempotency'),
  },
  {
    id: 'read-back',
    promise: 'What a create made is listed where the site reads it',
    check: 'read-back',
    source: 'operations (READ_BACK)',
    reached: judgedBy('read-back'),
  },
  {
    id: 'one-open-order',
    promise: 'One open deposit and one open withdraw order at a time; a quote serves one order',
    check: 'one-at-a-time',
    source: 'x-repeat-refused',
    reached: judgedBy('one-at-a-time', ['createDeposit', 'createWithdraw']),
  },
  {
    id: 'one-bank-account',
    promise: 'One LAK bank account per player',
    check: 'one-at-a-time',
    source: 'x-repeat-refused (and maxItems 1, LAK only)',
    reached: judgedBy('one-at-a-time', ['addBankAccount']),
  },
  {
    id: 'one-promotion',
    promise: 'One promotion usage in force; a promotion claimed at most once per agency day',
    check: 'one-at-a-time',
    source: 'x-repeat-refused',
    reached: judgedBy('one-at-a-time', ['usePromotion']),
  },
]
