// What a drift run exercised, in four measures, each "covered of total":
// - operations: the contract's operations called at least once;
// - responses: the documented responses seen, per operation: each status, and for an error
//   status whose schema names its codes, each code (the contract names its error examples by
//   code), so "409 OPEN_ORDER" and "409 IDEMPOTENCY_KEY_IN_PROGRESS" are two items;
// - transitions: the moves of each `x-lifecycle` table seen between two looks at one order;
// - promises: the audit's promises (./audit.ts) judged at least once.
// `--min-coverage` holds a run to a minimum percent of each measure (or of named ones).
import { AUDIT, type RunFacts } from './audit'
import { documentedResponse, type Contract } from './contract'
import type { CallRecord } from './drift-checks'

export const MEASURES = ['operations', 'responses', 'transitions', 'promises'] as const
export type MeasureName = (typeof MEASURES)[number]

export type Measure = {
  covered: number
  total: number
  /** covered / total x 100, rounded down to a whole percent (100 when total is 0). */
  percent: number
  /** What was not covered, by name. */
  missed: string[]
}

export type Coverage = Record<MeasureName, Measure> & {
  /** Per operation: the responses it documents, and those the run saw. */
  responses: Measure & { byOperation: { operationId: string; seen: string[]; missed: string[] }[] }
  /** Per lifecycle table: its moves seen and not seen. */
  transitions: Measure & { byTable: { table: string; seen: string[]; missed: string[] }[] }
  /** The minimum asked (`--min-coverage`) and the measures below it. */
  minimum?: Partial<Record<MeasureName, number>>
  below: MeasureName[]
}

function measure(items: { name: string; covered: boolean }[]): Measure {
  const covered = items.filter((i) => i.covered).length
  const total = items.length
  return {
    covered,
    total,
    percent: total ? Math.floor((covered * 100) / total) : 100,
    missed: items.filter((i) => !i.covered).map((i) => i.name),
  }
}

/** A group's items, split by whether the run covered them. */
function split(items: string[], covered: (item: string) => boolean) {
  return { seen: items.filter(covered), missed: items.filter((i) => !covered(i)) }
}

/** One measure over groups of items, each item named after its group. */
function grouped(groups: { label: string; seen: string[]; missed: string[] }[]): Measure {
  return measure(
    groups.flatMap((g) => [
      ...g.seen.map((i) => ({ name: `${g.label} ${i}`, covered: true })),
      ...g.missed.map((i) => ({ name: `${g.label} ${i}`, covered: false })),
    ]),
  )
}

/** `409 OPEN_ORDER`, `200`: the item of a response a call saw. */
function responseItems(contract: Contract, operationId: string): string[] {
  const op = contract.operations.get(operationId)
  if (!op) return []
  return op.statuses.flatMap((status) => {
    const codes = op.errorCodes[status]
    return codes ? codes.map((code) => `${status} ${code}`) : [status]
  })
}

function seenItem(contract: Contract, call: CallRecord): string | undefined {
  const op = contract.operations.get(call.operationId)
  if (!op || call.status === undefined) return undefined
  const documented = documentedResponse(op, call.status)
  const key = op.statuses.find((s) => op.responses[s] === documented)
  if (!key) return undefined
  if (!op.errorCodes[key]) return key
  try {
    const code = (JSON.parse(call.response?.body ?? '') as { code?: unknown }).code
    return `${key} ${String(code)}`
  } catch {
    return undefined
  }
}

export function coverageOf(
  contract: Contract,
  run: RunFacts & { operations: { operationId: string; exercised: boolean }[] },
  moves: ReadonlySet<string>,
  minimum?: Partial<Record<MeasureName, number>>,
): Coverage {
  const seen = new Set(run.calls.map((c) => `${c.operationId} ${seenItem(contract, c)}`))
  const byOperation = [...contract.operations.keys()].map((operationId) => ({
    operationId,
    ...split(responseItems(contract, operationId), (i) => seen.has(`${operationId} ${i}`)),
  }))
  const byTable = contract.lifecycles.map((life) => ({
    table: life.name,
    ...split(
      life.transitions.map((t) => `${t.from} -> ${t.to}`),
      (i) => moves.has(`${life.name} ${i}`),
    ),
  }))
  const coverage = {
    operations: measure(run.operations.map((o) => ({ name: o.operationId, covered: o.exercised }))),
    responses: {
      ...grouped(byOperation.map((o) => ({ ...o, label: o.operationId }))),
      byOperation,
    },
    transitions: { ...grouped(byTable.map((t) => ({ ...t, label: t.table }))), byTable },
    promises: measure(AUDIT.map((p) => ({ name: p.id, covered: p.reached(run) }))),
    minimum,
    below: [] as MeasureName[],
  }
  coverage.below = MEASURES.filter((m) => {
    const min = minimum?.[m]
    return min !== undefined && coverage[m].covered * 100 < min * coverage[m].total
  })
  return coverage
}

/**
 * `--min-coverage`: a percent for every measure (`80`), or per measure
 * (`operations=100,promises=80`); a measure not named has no minimum.
 */
export function parseMinCoverage(text: string): Partial<Record<MeasureName, number>> {
  const percent = (v: string) => {
    const n = Number(v)
    if (!v.trim() || !Number.isFinite(n) || n < 0 || n > 100)
      throw new Error(`a percent from 0 to 100, got "${v}"`)
    return n
  }
  if (!text.includes('=')) return Object.fromEntries(MEASURES.map((m) => [m, percent(text)]))
  const out: Partial<Record<MeasureName, number>> = {}
  for (const part of text.split(',')) {
    const [name = '', value = ''] = part.split('=').map((s) => s.trim())
    if (!MEASURES.includes(name as MeasureName))
      throw new Error(`unknown measure "${name}" (known: ${MEASURES.join(', ')})`)
    out[name as MeasureName] = percent(value)
  }
  return out
}

/** `operations 37/37 (100%)`, with the minimum when one was asked. */
export function measureLine(coverage: Coverage, name: MeasureName): string {
  const m = coverage[name]
  const min = coverage.minimum?.[name]
  const below = coverage.below.includes(name)
  return `${name} ${m.covered}/${m.total} (${m.percent}%)${min === undefined ? '' : `, minimum ${min}%${below ? ': BELOW' : ''}`}`
}
