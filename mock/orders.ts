// Orders as the history shows them. The history examples (every list of orders a success
// example of the contract holds: listDeposits, listWithdraws) name orders no example of one
// order carries (`dp_01JD8N4K2P`, SUCCESS in the deposit history). A request that names such an
// order by a path parameter is answered as that order, as a server would answer the order it
// listed: a read (getDeposit, checkDeposit, getWithdraw: an operation whose success body is the
// order) answers the row itself, and an operation the order's `x-lifecycle` table refuses in the
// row's status (cancelDeposit and getDepositLaoQr of a paid, expired or failed order) answers the
// code the table names, its `details` naming this order. The orders, the order schemas and the
// tables are all read from the contract (contract-check's lifecycle reader); nothing here names
// an operation or a status. Orders an example of one order carries (the open order the
// scenarios move from OPEN to PAID or CANCELED) stay with the scenarios and transitions.
import { refusalOf } from '../contract-check/src/lifecycles'
import { preferFor } from './choose'
import type { Contract, Lifecycle, OperationInfo } from './contract'
import { moveDates } from './dates'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** An order of the history: its row as the examples show it and its status's table. */
export type HistoryOrder = { row: Json; lifecycle: Lifecycle; schema: Json }

/** How the layer answers a request about a history order. */
export type OrderAnswer = {
  /** The `Prefer` Prism is asked with: the refusal's example, or the success status. */
  prefer: string
  order: HistoryOrder
  /** The error code the order's table names for this operation in its status, if any. */
  refusal?: string
}

export type Orders = {
  /** The history orders by id (first example wins; the examples agree on each id). */
  history: ReadonlyMap<string, HistoryOrder>
  /** Undefined when the request names no history order, or the contract says nothing for it. */
  answerFor(op: OperationInfo, pathParams: Record<string, string>): OrderAnswer | undefined
}

const cache = new WeakMap<Contract, Orders>()

export function ordersOf(contract: Contract): Orders {
  const known = cache.get(contract)
  if (known) return known
  const resolve = (node: unknown) => contract.resolve(node)
  const schemaAt = (pointer: string | undefined) =>
    pointer === undefined ? undefined : resolve({ $ref: pointer })

  // Order schemas: an `id` and a `status` whose enum carries an x-lifecycle table.
  const lifecycleOf = new Map<unknown, Lifecycle>()
  const components = (contract.document.components ?? {}) as Json
  for (const node of Object.values((components.schemas ?? {}) as Json)) {
    const schema = resolve(node)
    const properties = isObject(schema) ? schema.properties : undefined
    if (!isObject(properties) || !('id' in properties)) continue
    const status = resolve(properties.status)
    const table = isObject(status) ? status['x-lifecycle'] : undefined
    const lifecycle = contract.lifecycles.find((l) => l.table === table)
    if (lifecycle) lifecycleOf.set(schema, lifecycle)
  }

  const history = new Map<string, HistoryOrder>()
  const ofOne = new Set<string>()
  for (const op of contract.all()) {
    for (const [status, named] of op.examples) {
      if (status < 200 || status >= 300) continue
      const schema = schemaAt(op.schemas.get(status))
      if (!isObject(schema)) continue
      const examples = [...named].filter(([name]) => !op.outsideContract.has(name))
      // An example of one order: the scenarios own its id.
      if (lifecycleOf.has(schema)) {
        for (const [, value] of examples) if (isObject(value)) ofOne.add(String(value.id))
        continue
      }
      // A list of orders: each row is an order of the history.
      for (const [property, node] of Object.entries((schema.properties ?? {}) as Json)) {
        const list = resolve(node)
        const items = isObject(list) && list.type === 'array' ? resolve(list.items) : undefined
        const lifecycle = lifecycleOf.get(items)
        if (!lifecycle || !isObject(items)) continue
        for (const [, value] of examples) {
          const rows = isObject(value) ? value[property] : undefined
          for (const row of Array.isArray(rows) ? rows : []) {
            if (isObject(row) && typeof row.id === 'string' && !history.has(row.id)) {
              history.set(row.id, { row, lifecycle, schema: items })
            }
          }
        }
      }
    }
  }
  for (const id of ofOne) history.delete(id)

  const orders: Orders = {
    history,
    answerFor(op, pathParams) {
      const order = Object.values(pathParams)
        .map((value) => history.get(value))
        .find(Boolean)
      if (!order) return undefined
      const { status, reason } = order.row
      const refusal = refusalOf(order.lifecycle, op.id, String(status), reason)
      const refused = refusal === undefined ? undefined : preferFor(op, refusal)
      if (refusal && refused) return { prefer: refused, order, refusal }
      if (schemaAt(op.schemas.get(op.successStatus)) === order.schema) {
        return { prefer: `code=${op.successStatus}`, order }
      }
      return undefined
    },
  }
  cache.set(contract, orders)
  return orders
}

/**
 * The body for a history order's answer: the row (dates moved to now like the list's) for the
 * success status, or the refusal Prism served with its `details` naming this order (each detail
 * a path parameter or the row has, e.g. `orderId`, `status`, `expiresAt`, taken from them).
 * Undefined when Prism answered something else (a 401, a chaos 500).
 */
export function orderBody(
  answer: OrderAnswer,
  op: OperationInfo,
  status: number,
  served: unknown,
  pathParams: Record<string, string>,
  now: number,
): unknown {
  const row = moveDates(answer.order.row, now) as Json
  if (!answer.refusal) return status === op.successStatus ? row : undefined
  if (!isObject(served) || served.code !== answer.refusal) return undefined
  if (!isObject(served.details)) return served
  const details = Object.fromEntries(
    Object.entries(served.details).map(([key, value]) => [
      key,
      Object.hasOwn(pathParams, key) ? pathParams[key] : Object.hasOwn(row, key) ? row[key] : value,
    ]),
  )
  return { ...served, details }
}
