// Slow and flaky on purpose: latency and random failures, seeded so a run can be repeated.
// Set at start-up (`npm run mock -- --latency 300-1200 --fail-rate 0.1 --seed 7`), per
// operation (`--latency createDeposit=3000`), or per request with the X-Mock-Latency and
// X-Mock-Fail-Rate headers (what the dev panel sends for its browser). A failure is either the
// operation's documented 5xx (served by Prism from the contract) or a dropped connection.
import type { OperationInfo } from './contract'
import { seededRandom } from '../scripts/seeded-random.mjs'

export const LATENCY_HEADER = 'x-mock-latency'
export const FAIL_RATE_HEADER = 'x-mock-fail-rate'

/** Milliseconds, fixed (`[300, 300]`) or a range drawn from evenly. */
export type Latency = [number, number]

export type ChaosOptions = {
  /** `*` for every operation, else per operationId. */
  latency?: Record<string, Latency>
  failRate?: Record<string, number>
  seed?: number
}

export class ChaosError extends Error {}

/** `300` or `300-1200` (ms). */
export function parseLatency(text: string): Latency {
  const found = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(text)
  if (!found) throw new ChaosError(`latency "${text}" is not N or MIN-MAX (milliseconds)`)
  const min = Number(found[1])
  const max = found[2] === undefined ? min : Number(found[2])
  if (max < min) throw new ChaosError(`latency "${text}": MAX is below MIN`)
  return [min, max]
}

export function parseFailRate(text: string): number {
  const rate = Number(text)
  if (!text.trim() || !Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new ChaosError(`fail rate "${text}" is not a number from 0 to 1`)
  }
  return rate
}

/**
 * `--latency 300-1200 --latency createDeposit=3000` into `{'*': [300,1200], createDeposit:
 * [3000,3000]}`; an operation the contract lacks is refused, not dropped.
 */
export function perOperation<T>(
  values: string[],
  parse: (text: string) => T,
  isOperation: (id: string) => boolean,
): Record<string, T> {
  const out: Record<string, T> = {}
  for (const value of values) {
    const [id, text] = value.includes('=') ? value.split('=', 2) : ['*', value]
    if (id !== '*' && !isOperation(id ?? '')) {
      throw new ChaosError(`"${value}": no operation "${id}" in the contract`)
    }
    out[id ?? '*'] = parse(text ?? '')
  }
  return out
}

export type Fate = {
  delayMs: number
  /** `status`: answer the documented 5xx; `drop`: close the connection without an answer. */
  failure?: { kind: 'status'; status: number } | { kind: 'drop' }
}

export function chaos(options: ChaosOptions) {
  const seed = options.seed ?? Date.now() % 2 ** 31
  const random = seededRandom(seed)
  const settings = { latency: { ...options.latency }, failRate: { ...options.failRate }, seed }
  return {
    settings,
    /** What happens to this request: the header wins over the operation's, over `*`. */
    fate(op: OperationInfo | undefined, latencyHeader?: string, failRateHeader?: string): Fate {
      const latency =
        (latencyHeader ? parseLatency(latencyHeader) : undefined) ??
        (op && settings.latency[op.id]) ??
        settings.latency['*']
      const rate =
        (failRateHeader ? parseFailRate(failRateHeader) : undefined) ??
        (op && settings.failRate[op.id]) ??
        settings.failRate['*'] ??
        0
      const delayMs = latency ? Math.round(latency[0] + random() * (latency[1] - latency[0])) : 0
      if (!(rate > 0 && random() < rate)) return { delayMs }
      const documented = [...(op?.examples.keys() ?? [])].filter((s) => s >= 500).sort()
      const status = documented[0]
      return {
        delayMs,
        failure:
          status !== undefined && random() < 0.5 ? { kind: 'status', status } : { kind: 'drop' },
      }
    },
  }
}

export type Chaos = ReturnType<typeof chaos>

export const sleep = (ms: number) =>
  ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve()
