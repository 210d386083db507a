// The contract's lifecycles as the checks read them: each status enum that carries an
// `x-lifecycle` table (DepositStatus, WithdrawStatus, PromotionUsageStatus) with its initial and
// final statuses, its moves (and the reasons a move sets) and the code of each refusal. Nothing
// here names a status: every rule of the drift check about statuses comes from these tables.
import type { Json } from './contract'

export type Transition = { from: string; to: string; reasons?: string[] }
export type Refusal = {
  operation: string
  from: string[]
  reasons?: string[]
  /** A condition beyond the status (`A deposit order of the usage is OPEN`), in prose. */
  when?: string
  code: string
}

export type Lifecycle = {
  /** The enum's schema name (`DepositStatus`). */
  name: string
  /** The `x-lifecycle` object as the contract holds it (how a schema walk recognises it). */
  table: unknown
  initial: string[]
  final: string[]
  transitions: Transition[]
  refusals: Refusal[]
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : [])
const optionalStrings = (v: unknown) => (Array.isArray(v) ? v.map(String) : undefined)

/** Every `x-lifecycle` table of the contract's schemas. */
export function readLifecycles(schemas: Record<string, Json>): Lifecycle[] {
  const out: Lifecycle[] = []
  for (const [name, schema] of Object.entries(schemas)) {
    const table = schema?.['x-lifecycle'] as Json | undefined
    if (!table || typeof table !== 'object') continue
    out.push({
      name,
      table,
      initial: strings(table.initial),
      final: strings(table.final),
      transitions: ((table.transitions ?? []) as Json[]).map((t) => ({
        from: String(t.from),
        to: String(t.to),
        reasons: optionalStrings(t.reasons),
      })),
      refusals: ((table.refusals ?? []) as Json[]).map((r) => ({
        operation: String(r.operation),
        from: strings(r.from),
        reasons: optionalStrings(r.reasons),
        ...(typeof r.when === 'string' ? { when: r.when } : {}),
        code: String(r.code),
      })),
    })
  }
  return out
}

/**
 * Whether `to` can follow `from` between two looks at the same order: the same status, or one
 * reached by one or more moves of the table (a server may make two moves between two reads:
 * OPEN, then PAID and FAILED before the next look, is OPEN -> FAILED).
 */
export function reachable(life: Lifecycle, from: string, to: string): boolean {
  const seen = new Set([from])
  const queue = [from]
  while (queue.length) {
    const at = queue.shift()!
    if (at === to) return true
    for (const t of life.transitions) {
      if (t.from === at && !seen.has(t.to)) {
        seen.add(t.to)
        queue.push(t.to)
      }
    }
  }
  return false
}

/**
 * The reasons an order may carry in `status`: those the moves into it name. Undefined when no
 * move into it names one (the order carries none then).
 */
export function reasonsInto(life: Lifecycle, status: string): string[] | undefined {
  const named = life.transitions.filter((t) => t.to === status && t.reasons)
  return named.length ? [...new Set(named.flatMap((t) => t.reasons ?? []))] : undefined
}

/** The codes the table says `operation` refuses an order in `status` (with `reason`) with. */
export function refusalCodes(
  life: Lifecycle,
  operation: string,
  status: string,
  reason?: unknown,
): string[] {
  return life.refusals
    .filter(
      (r) =>
        r.operation === operation &&
        r.from.includes(status) &&
        (!r.reasons || r.reasons.includes(String(reason))),
    )
    .map((r) => r.code)
}

/**
 * The code `operation` refuses an order in `status` (with `reason`) with, by the table's own
 * rule: the first refusal row that matches wins. Rows with a `when` (a condition the status
 * alone does not tell) are left out. Undefined when the table refuses nothing there.
 */
export function refusalOf(
  life: Lifecycle,
  operation: string,
  status: string,
  reason?: unknown,
): string | undefined {
  return life.refusals.find(
    (r) =>
      r.operation === operation &&
      !r.when &&
      r.from.includes(status) &&
      (!r.reasons || r.reasons.includes(String(reason))),
  )?.code
}

/** The statuses `operation` refuses, in the table's order of its refusal rows. */
export function refusedStatuses(life: Lifecycle, operation: string): string[] {
  return [...new Set(life.refusals.filter((r) => r.operation === operation).flatMap((r) => r.from))]
}
