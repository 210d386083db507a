// The checks around read calls: ignored auth (the same call without the session cookie must
// answer the documented 401) and negative data (input the contract forbids, negative.ts, must be
// refused with a documented 4xx and an Error body).
import { documentedResponse } from './contract'
import { ok, type CheckOutcome, type StepCall } from './check-shared'
import { hasInput, negativeCases } from './negative'

/** Operations whose input is never sent negative data: they record or change something. */
export const NEGATIVE_EXCLUDED: Record<string, string> = {
  registerFingerprint: 'stores a visit record',
  logoutPlayer: 'ends the session',
}

/** Ignored auth: a protected read call made again without the session cookie. */
export async function ignoredAuth(call: StepCall): Promise<CheckOutcome[]> {
  const { step, op, path, query, rawRequest } = call
  const out: CheckOutcome[] = []
  if (step.enabled.has('auth') && op.secured && step.kind === 'read') {
    const { record, status } = await step.send({
      operationId: op.operationId,
      check: 'auth',
      method: op.method,
      path,
      query,
      body: rawRequest,
      withSession: false,
      note: 'ignored auth: same call without the session cookie',
      checkOptions: { expectedRequestViolations: 'security' },
      judge: ({ status: s }) =>
        s === 401
          ? []
          : [
              {
                kind: 'auth-ignored',
                field: 'status',
                message: `answered ${s} without the session cookie (the contract documents 401${documentedResponse(op, 401) ? '' : ', but not for this operation'})`,
              },
            ],
    })
    out.push({
      check: 'auth',
      operationId: op.operationId,
      status: record.findings.length ? 'failed' : 'passed',
      detail: `without the session cookie: ${status ?? 'no answer'}`,
    })
  }

  return out
}

/** Negative data: a few inputs the contract forbids, one rule broken each. */
export async function negativeData(call: StepCall): Promise<CheckOutcome[]> {
  const { step, op, path, query, requestBody } = call
  const out: CheckOutcome[] = []
  if (step.enabled.has('negative') && step.kind === 'read' && hasInput(op)) {
    if (NEGATIVE_EXCLUDED[op.operationId]) {
      out.push({
        check: 'negative',
        operationId: op.operationId,
        status: 'not exercised',
        detail: `not sent negative data: it ${NEGATIVE_EXCLUDED[op.operationId]}`,
      })
    } else {
      const cases = negativeCases(step.contract, op, { path, query, body: requestBody })
      let judged = 0
      let failed = 0
      for (const c of cases) {
        const { record } = await step.send({
          operationId: op.operationId,
          check: 'negative',
          method: op.method,
          path: c.path,
          query: c.query,
          body: c.body,
          withSession: op.secured,
          note: `negative data: ${c.name}`,
          checkOptions: { expectedRequestViolations: 'input' },
          judge: ({ status }) =>
            ok(status) || (status !== undefined && status < 400)
              ? [
                  {
                    kind: 'negative-accepted',
                    field: c.name.replace(/ .*$/, ''),
                    message: `${c.name}: answered ${status}, not a documented 4xx`,
                  },
                ]
              : [],
        })
        // Prism must agree the payload breaks the contract; otherwise it proves nothing.
        const prismAgrees = record.violations.some(
          (v) => String(v.location[0]) === 'request' && v.severity === 'Error',
        )
        if (!prismAgrees) {
          record.findings = record.findings.filter((f) => f.kind !== 'negative-accepted')
          record.note = `${record.note ?? ''} (Prism found this input valid: not judged)`
          continue
        }
        judged++
        if (record.findings.length) failed++
      }
      out.push({
        check: 'negative',
        operationId: op.operationId,
        status: judged === 0 ? 'not exercised' : failed ? 'failed' : 'passed',
        detail:
          judged === 0
            ? 'no payload the contract forbids could be made from its schema'
            : `${judged} forbidden input${judged === 1 ? '' : 's'}, ${failed} not refused as documented`,
      })
    }
  }

  return out
}
