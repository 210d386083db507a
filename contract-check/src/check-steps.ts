// The checks made around the scenario's own calls, right after the step they are about (the
// session is then in the state the step left it in):
// - ignored auth: each protected read call is made again without the session cookie and must
//   answer the documented 401;
// - negative data: each safe call that takes input is sent a few payloads the contract forbids
//   (negative.ts) and must refuse them with a documented 4xx and an Error body;
// and with --write, only where the contract declares what they need:
// - Idempotency-Key: a create whose operation declares an `Idempotency-Key` header parameter is
//   sent again with the same key and body, and must return the same resource;
// - final orders: the order this run canceled, and a paid one from the history, stay final
//   (cancel again is refused or changes nothing; the check does not reopen it; the open list
//   does not list it);
// - read-back: the id a create returned is found in the calls the site reads it back with;
// - one at a time: a create the contract allows once while it stands (`x-repeat-refused`), made
//   again with a new key, is refused with a code the annotation lists.
// What a check cannot do on this contract or account is reported as not exercised, with why.
import { operations } from '../../generated/api/operations'
import { FINAL_ORDER, finalOrders } from './check-final'
import { ignoredAuth, negativeData } from './check-read'
import { endedSession } from './check-session'
import { splitUrl, type CheckOutcome, type StepCall, type StepInfo } from './check-shared'
import { parseJson } from './drift-exchange'
import { idempotency, oneAtATime, READ_BACK, readBack } from './check-write'

export async function afterStep(step: StepInfo): Promise<CheckOutcome[]> {
  const op = step.contract.operations.get(step.operationId)
  const first = step.calls.find((c) => c.check === 'scenario')
  if (!op || !first) return []
  const { path, query } = splitUrl(first.url)
  const rawRequest = step.rawBody(first)?.request
  const call: StepCall = {
    step,
    op,
    first,
    path,
    query,
    rawRequest,
    requestBody: parseJson(rawRequest),
  }
  const out: CheckOutcome[] = []
  out.push(...(await ignoredAuth(call)), ...(await negativeData(call)))
  out.push(...(await endedSession(step)))
  if (!step.write) return out
  out.push(...(await idempotency(call)), ...(await readBack(call)))
  out.push(...(await oneAtATime(call)))
  if (step.enabled.has('final-state') && op.operationId === FINAL_ORDER.cancel) {
    out.push(...(await finalOrders(step, first)))
  }
  return out
}

/** Every operation the checks may call, for a test that they exist in the generated map. */
export const CHECK_OPERATIONS = [
  ...Object.keys(READ_BACK),
  ...Object.values(READ_BACK).flat(),
  FINAL_ORDER.cancel,
  FINAL_ORDER.check,
  FINAL_ORDER.openList,
  FINAL_ORDER.history,
].filter((id, i, all) => all.indexOf(id) === i && id in operations)
