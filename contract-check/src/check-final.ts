// Final orders (--write): the order this run canceled, and a paid one from the history, stay
// final: cancel again is refused or changes nothing, the check does not reopen it, the open list
// does not list it.
import { headerParameter } from './contract'
import { contains, is4xx, ok, pathOf, type CheckOutcome, type StepInfo } from './check-shared'
import { parseJson } from './drift-exchange'
import type { CallRecord } from './drift-checks'

/** The operations final-order checks use: cancel, check and the open list of deposits. */
export const FINAL_ORDER = {
  cancel: 'cancelDeposit',
  check: 'checkDeposit',
  openList: 'listOpenDeposits',
  history: 'listDeposits',
  /** Status of an order that may still change; every other status is final. */
  open: 'OPEN',
} as const

const statusOf = (body: unknown) =>
  body && typeof body === 'object' ? (body as { status?: unknown }).status : undefined

/** An order in a final status must stay there, whatever is asked of it. */
async function keepsFinal(
  step: StepInfo,
  orderId: string,
  finalStatus: string | undefined,
  label: string,
): Promise<boolean> {
  const { contract, send } = step
  const cancelOp = contract.operations.get(FINAL_ORDER.cancel)!
  const checkOp = contract.operations.get(FINAL_ORDER.check)
  const openOp = contract.operations.get(FINAL_ORDER.openList)
  const orderIdParam = cancelOp.parameters.find((p) => p.in === 'path')?.name ?? 'orderId'
  // A new cancel is a new intent: a fresh key where the contract declares one, so the refusal
  // judged is the order's (ORDER_ALREADY_FINAL, ORDER_ALREADY_PAID), never the 400 of a missing
  // key or the replay of the run's own cancel.
  const cancelKey = headerParameter(cancelOp, 'Idempotency-Key')
  const freshKey = (): [string, string][] =>
    cancelKey ? [[cancelKey.name, crypto.randomUUID()]] : []
  const before = step.allCalls.length
  await send({
    operationId: FINAL_ORDER.cancel,
    check: 'final-state',
    method: cancelOp.method,
    path: pathOf(cancelOp.path, { [orderIdParam]: orderId }),
    headers: freshKey(),
    withSession: true,
    note: `${label}: cancel again`,
    judge: ({ status, body }) => {
      if (is4xx(status)) return []
      if (ok(status) && finalStatus === 'CANCELED' && statusOf(body) === finalStatus) return []
      if (status !== undefined && status >= 500) return []
      return [
        {
          kind: 'final-state',
          field: 'status',
          message: `${label}: cancel answered ${status}${statusOf(body) ? ` with status ${String(statusOf(body))}` : ''}; a final order must refuse it (documented 4xx)`,
        },
      ]
    },
  })
  if (checkOp) {
    await send({
      operationId: FINAL_ORDER.check,
      check: 'final-state',
      method: checkOp.method,
      path: pathOf(checkOp.path, { [orderIdParam]: orderId }),
      withSession: true,
      note: `${label}: check`,
      judge: ({ status, body }) => {
        const s = statusOf(body)
        return ok(status) && s === FINAL_ORDER.open
          ? [
              {
                kind: 'final-state',
                field: 'status',
                message: `${label}: the check answers status ${String(s)} (was ${finalStatus ?? 'final'})`,
              },
            ]
          : []
      },
    })
  }
  if (openOp) {
    await send({
      operationId: FINAL_ORDER.openList,
      check: 'final-state',
      method: openOp.method,
      path: openOp.path,
      withSession: true,
      note: `${label}: not in the open orders`,
      judge: ({ status, body }) =>
        ok(status) && contains(body, orderId)
          ? [
              {
                kind: 'final-state',
                field: 'id',
                message: `${label}: ${orderId} is still listed as open`,
              },
            ]
          : [],
    })
  }
  return step.allCalls.slice(before).some((c) => c.findings.length)
}

export async function finalOrders(step: StepInfo, cancel: CallRecord): Promise<CheckOutcome[]> {
  const out: CheckOutcome[] = []
  // The order this run canceled.
  const canceled = parseJson(step.rawBody(cancel)?.response)
  const canceledId = decodeURIComponent(cancel.url.split('/').at(-2) ?? '')
  if (ok(cancel.status) && canceledId && !/probe/.test(cancel.note ?? '')) {
    const failed = await keepsFinal(
      step,
      canceledId,
      String(statusOf(canceled) ?? 'CANCELED'),
      'canceled order',
    )
    out.push({
      check: 'final-state',
      operationId: FINAL_ORDER.cancel,
      status: failed ? 'failed' : 'passed',
      detail: `canceled order ${canceledId}`,
    })
  } else {
    out.push({
      check: 'final-state',
      operationId: FINAL_ORDER.cancel,
      status: 'not exercised',
      detail: `this run canceled no order (cancel answered ${cancel.status ?? 'nothing'})`,
    })
  }

  // A paid order from the history (first page), if the account has one.
  const history = step.allCalls.find(
    (c) => c.operationId === FINAL_ORDER.history && c.check === 'scenario' && ok(c.status),
  )
  const items = (() => {
    const body = parseJson(history ? step.rawBody(history)?.response : undefined)
    const list = body && typeof body === 'object' ? Object.values(body).find(Array.isArray) : []
    return (list ?? []) as { id?: unknown; status?: unknown }[]
  })()
  const paid = items.find((o) => o.status === 'PAID' || o.status === 'SUCCESS')
  if (paid && typeof paid.id === 'string') {
    const failed = await keepsFinal(
      step,
      paid.id,
      String(paid.status),
      `${String(paid.status)} order`,
    )
    out.push({
      check: 'final-state',
      operationId: FINAL_ORDER.history,
      status: failed ? 'failed' : 'passed',
      detail: `${String(paid.status)} order ${paid.id} from the history`,
    })
  } else {
    out.push({
      check: 'final-state',
      operationId: FINAL_ORDER.history,
      status: 'not exercised',
      detail: 'no PAID or SUCCESS order on the first page of the history',
    })
  }
  return out
}
