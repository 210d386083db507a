// After a step ends the session (logout: its answer clears the session cookie), every protected
// read call the run made with a 2xx answer is made again with the ended session's cookie: each
// must be refused with 401, as a session that is over can no longer act for the player; and the
// call that ended it, when it needs no session (logout), succeeds again with the ended one.
import { ok, splitUrl, type CheckOutcome, type StepInfo } from './check-shared'
import type { CallRecord, Finding, FindingKind } from './drift-checks'

/** One call made again with the ended session's cookie; its outcome judged on its own finding. */
async function withEnded(
  step: StepInfo,
  call: CallRecord,
  rule: {
    kind: FindingKind
    note: string
    detail: string
    broken(status?: number): string | undefined
  },
): Promise<CheckOutcome> {
  const { path, query } = splitUrl(call.url)
  const { status, record } = await step.send({
    operationId: call.operationId,
    check: 'session',
    method: call.method,
    path,
    query,
    withSession: true,
    cookie: step.endedSession,
    note: rule.note,
    judge: ({ status: s }): Finding[] => {
      const message = rule.broken(s)
      return message ? [{ kind: rule.kind, field: 'status', message }] : []
    },
  })
  return {
    check: 'session',
    operationId: call.operationId,
    // A promise broken by the same answer is the promises check's, not this one's.
    status: record.findings.some((f) => f.kind === rule.kind) ? 'failed' : 'passed',
    detail: `${rule.detail}: ${status ?? 'no answer'}`,
  }
}

export async function endedSession(step: StepInfo): Promise<CheckOutcome[]> {
  if (!step.enabled.has('session') || !step.endedSession) return []
  const replayed = new Set<string>()
  const calls = step.allCalls.filter((c) => {
    const op = step.contract.operations.get(c.operationId)
    if (c.check !== 'scenario' || !ok(c.status) || !op?.secured || op.method !== 'get') return false
    if (replayed.has(c.operationId)) return false
    replayed.add(c.operationId)
    return true
  })
  const out: CheckOutcome[] = []
  for (const call of calls) {
    out.push(
      await withEnded(step, call, {
        kind: 'session-kept',
        note: `the session ended by ${step.operationId}, sent again`,
        detail: `with the session ${step.operationId} ended`,
        broken: (s) =>
          s === 401
            ? undefined
            : `answered ${s} to the session ${step.operationId} ended; it must answer 401`,
      }),
    )
  }
  // A call that ends the session and needs none (the contract makes logout public, "always a
  // success") succeeds again with the session it ended, as a page reloaded after it expired does.
  const op = step.contract.operations.get(step.operationId)
  const own = step.calls.find((c) => c.check === 'scenario')
  if (op && !op.secured && own) {
    out.push(
      await withEnded(step, own, {
        kind: 'session',
        note: `${op.operationId} again with the session it ended`,
        detail: 'sent again after it ended the session',
        broken: (s) =>
          ok(s)
            ? undefined
            : `answered ${s} to the session it ended; ${op.operationId} needs no session and always succeeds`,
      }),
    )
  }
  return out
}
