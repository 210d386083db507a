// Dates that move: the contract's examples were written on one day (EXAMPLE_NOW); the layer
// moves every date-time of an answer by the time since then, so "now" in the example world is
// the request's time: an order created 20 minutes before EXAMPLE_NOW was created 20 minutes
// ago, yesterday's history is yesterday's. "None" is null in the contract (no zero dates) and
// stays null. A scenario can also set date-time fields from the session's start
// (`expiring-order`: the open order expires one minute after the login, or `expiresIn` ms),
// for the answers about its own order: not once a call's transition moved that operation.

/**
 * The examples' "now": at or after every date-time the examples mean as past (the latest is a
 * promotion usage ended 2026-11-22 15:30 UTC). Expiries "far ahead" (2030, so the mock QR
 * never runs out) stay far ahead after the move.
 */
export const EXAMPLE_NOW = Date.parse('2026-11-22T15:30:00Z')

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/

/** RFC 3339 in UTC, whole seconds, as the examples write them. */
export const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

/** Every value of the tree, rebuilt by `change` (objects and arrays walked). */
export function mapValues(value: unknown, change: (value: unknown, key: string) => unknown) {
  const walk = (node: unknown, key: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, key))
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, k)]))
    }
    return change(node, key)
  }
  return walk(value, '')
}

/** The body with its date-times moved by `now - EXAMPLE_NOW` (whole seconds). */
export function moveDates(body: unknown, now: number): unknown {
  const shift = Math.round((now - EXAMPLE_NOW) / 1000) * 1000
  if (shift === 0) return body
  return mapValues(body, (value) =>
    typeof value === 'string' && DATE_TIME.test(value)
      ? isoSeconds(Date.parse(value) + shift)
      : value,
  )
}

/** A scenario's moment in ms: a number as it is, a param's name as the request set it (or its default). */
export function momentOf(moment: number | string, params: Record<string, number>): number {
  if (typeof moment === 'number') return moment
  const value = params[moment]
  if (value === undefined) throw new Error(`scenario moment names no param: ${moment}`)
  return value
}

/**
 * Fields named in `fields` (anywhere in the body, when not null) set to the session's start
 * plus their offset (a number, or the name of a scenario param).
 */
export function datesFromStart(
  body: unknown,
  startedAt: number,
  fields: Record<string, number | string>,
  params: Record<string, number> = {},
) {
  return mapValues(body, (value, key) =>
    Object.hasOwn(fields, key) && typeof value === 'string'
      ? isoSeconds(startedAt + momentOf(fields[key] ?? 0, params))
      : value,
  )
}
