// Final orders (--write): the order this run canceled, and one from the history in a status
// cancel refuses, stay final: cancel again is refused (a documented 4xx), the check does not
// reopen it (a status the table does not call final), the open list does not list it. The
// statuses are the x-lifecycle table's (./lifecycles.ts), never ours.
import { headerParameter, type Contract } from './contract'
import { contains, is4xx, ok, pathOf, type CheckOutcome, type StepInfo } from './check-shared'
import { parseJson } from './drift-exchange'
import type { CallRecord } from './drift-checks'
import { refusalCodes, refusedStatuses, type Lifecycle } from './lifecycles'

/** The operations final-order checks use: cancel, check and the open list of deposits. */
export const FINAL_ORDER = {
  cancel: 'cancelDeposit',
  check: 'checkDeposit',
  openList: 'listOpenDeposits',
  history: 'listDeposits',
} as const

const statusOf = (body: unknown) =>
  body && typeof body === 'object' ? (body as { status?: unknown }).status : undefined
const reasonOf = (body: unknown) =>
  body && typeof body === 'object' ? (body as { reason?: unknown }).reason : undefined

/** The lifecycle whose refusals name the cancel: the orders these checks are about. */
const orderLifecycle = (contract: Contract): Lifecycle | undefined =>
  contract.lifecycles.find((l) => l.refusals.some((r) => r.operation === FINAL_ORDER.cancel))

type FinalOrder = { id: string; status: string; reason: unknown; label: string }

/** An order in a final status must stay there, whatever is asked of it. */
async function keepsFinal(
  step: StepInfo,
  life: Lifecycle | undefined,
  { id: orderId, status: finalStatus, reason, label }: FinalOrder,
): Promise<boolean> {
  const { contract, send } = step
  const codes = life ? refusalCodes(life, FINAL_ORDER.cancel, finalStatus, reason) : []
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
      // Without a refusal row for this status, answering the order unchanged is conforming.
      if (ok(status) && !codes.length && statusOf(body) === finalStatus) return []
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
        const reopened = ok(status) && typeof s === 'string' && !life?.final.includes(s)
        return reopened
          ? [
              {
                kind: 'final-state',
                field: 'status',
                message: `${label}: the check answers status ${s}, not final in ${life?.name ?? 'its'} x-lifecycle (was ${finalStatus})`,
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
  const life = orderLifecycle(step.contract)
  // The order this run canceled.
  const canceled = parseJson(step.rawBody(cancel)?.response)
  const canceledId = decodeURIComponent(cancel.url.split('/').at(-2) ?? '')
  const canceledStatus = statusOf(canceled)
  if (
    ok(cancel.status) &&
    canceledId &&
    typeof canceledStatus === 'string' &&
    !/probe/.test(cancel.note ?? '')
  ) {
    const failed = await keepsFinal(step, life, {
      id: canceledId,
      status: canceledStatus,
      reason: reasonOf(canceled),
      label: 'canceled order',
    })
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
    return (list ?? []) as { id?: unknown; status?: unknown; reason?: unknown }[]
  })()
  // The first status the table's cancel refusals name that the history holds (a paid one first,
  // as the table lists its rows): the order a wrong server would cancel.
  const refused = life ? refusedStatuses(life, FINAL_ORDER.cancel) : []
  const picked = refused
    .map((status) => items.find((o) => o.status === status && typeof o.id === 'string'))
    .find(Boolean)
  if (picked) {
    const status = String(picked.status)
    const failed = await keepsFinal(step, life, {
      id: String(picked.id),
      status,
      reason: picked.reason,
      label: `${status} order`,
    })
    out.push({
      check: 'final-state',
      operationId: FINAL_ORDER.history,
      status: failed ? 'failed' : 'passed',
      detail: `${status} order ${String(picked.id)} from the history`,
    })
  } else {
    out.push({
      check: 'final-state',
      operationId: FINAL_ORDER.history,
      status: 'not exercised',
      detail: `no order on the first page of the history in a status ${FINAL_ORDER.cancel} refuses (${life?.name ?? 'no'} x-lifecycle: ${refused.join(', ') || 'none'})`,
    })
  }
  return out
}
