// After a step ends the session (logout: its answer clears the session cookie), every protected
// read call the run made with a 2xx answer is made again with the ended session's cookie: each
// must be refused with 401, as a session that is over can no longer act for the player; and the
// call that ended it, when it needs no session (logout), succeeds again with the ended one.
import { ok, splitUrl, type CheckOutcome, type StepInfo } from './check-shared'

export async function endedSession(step: StepInfo): Promise<CheckOutcome[]> {
  if (!step.enabled.has('session') || !step.endedSession) return []
  const cookie = step.endedSession
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
    const { path, query } = splitUrl(call.url)
    const { status, record } = await step.send({
      operationId: call.operationId,
      check: 'session',
      method: call.method,
      path,
      query,
      withSession: true,
      cookie,
      note: `the session ended by ${step.operationId}, sent again`,
      judge: ({ status: s }) =>
        s === 401
          ? []
          : [
              {
                kind: 'session-kept',
                field: 'status',
                message: `answered ${s} to the session ${step.operationId} ended; it must answer 401`,
              },
            ],
    })
    out.push({
      check: 'session',
      operationId: call.operationId,
      // Judged on its own finding: a promise broken by the same answer is the promises check's.
      status: record.findings.some((f) => f.kind === 'session-kept') ? 'failed' : 'passed',
      detail: `with the session ${step.operationId} ended: ${status ?? 'no answer'}`,
    })
  }
  out.push(...(await endedAgain(step, cookie)))
  return out
}

/**
 * A call that ends the session and needs none (the contract makes logout public: "always a
 * success") succeeds again with the session it ended, as a page reloaded after it expired does.
 */
async function endedAgain(step: StepInfo, cookie: string): Promise<CheckOutcome[]> {
  const op = step.contract.operations.get(step.operationId)
  const first = step.calls.find((c) => c.check === 'scenario')
  if (!op || op.secured || !first) return []
  const { path, query } = splitUrl(first.url)
  const { status, record } = await step.send({
    operationId: op.operationId,
    check: 'session',
    method: op.method,
    path,
    query,
    withSession: true,
    cookie,
    note: `${op.operationId} again with the session it ended`,
    judge: ({ status: s }) =>
      ok(s)
        ? []
        : [
            {
              kind: 'session',
              field: 'status',
              message: `answered ${s} to the session it ended; ${op.operationId} needs no session and always succeeds`,
            },
          ],
  })
  const failed = record.findings.some((f) => f.kind === 'session')
  return [
    {
      check: 'session',
      operationId: op.operationId,
      status: failed ? 'failed' : 'passed',
      detail: `sent again after it ended the session: ${status ?? 'no answer'}`,
    },
  ]
}
