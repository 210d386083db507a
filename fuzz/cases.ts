// The fuzzer's cases: each a named mutation applied to the calls a load picks. Valid cases
// answer every call inside the contract; outside-contract cases break one thing of the
// picked calls' bodies; transport cases replace the picked calls' answers with what
// networks and gateways do.
import type { Variant } from './generate'
import type { MUTATIONS } from './generate'

export type Case =
  | { name: string; kind: 'valid'; variant: Variant }
  | { name: keyof typeof MUTATIONS; kind: 'mutation' }
  | {
      name: 'empty-200' | 'null-body'
      kind: 'body'
    }
  | {
      name: '500-request-id' | '500-bare' | 'html-502' | 'timeout-15s' | 'offline' | '401-mid-page'
      kind: 'transport'
    }

/** Each case with its weight in a run: valid answers most, a 15 s timeout rarely (it is slow). */
export const CASES: [Case, number][] = [
  [{ name: 'valid-random', kind: 'valid', variant: 'random' }, 14],
  [{ name: 'valid-min', kind: 'valid', variant: 'min' }, 8],
  [{ name: 'valid-max', kind: 'valid', variant: 'max' }, 8],
  [{ name: 'missing-required', kind: 'mutation' }, 6],
  [{ name: 'wrong-type', kind: 'mutation' }, 6],
  [{ name: 'unknown-enum', kind: 'mutation' }, 6],
  [{ name: 'extra-field', kind: 'mutation' }, 4],
  [{ name: 'empty-200', kind: 'body' }, 4],
  [{ name: 'null-body', kind: 'body' }, 4],
  [{ name: '500-request-id', kind: 'transport' }, 4],
  [{ name: '500-bare', kind: 'transport' }, 3],
  [{ name: 'html-502', kind: 'transport' }, 4],
  [{ name: 'timeout-15s', kind: 'transport' }, 1],
  [{ name: 'offline', kind: 'transport' }, 4],
  [{ name: '401-mid-page', kind: 'transport' }, 3],
]

export function caseNamed(name: string) {
  return CASES.find(([c]) => c.name === name)?.[0]
}

export function pickCase(random: () => number): Case {
  const total = CASES.reduce((sum, [, weight]) => sum + weight, 0)
  let roll = random() * total
  for (const [c, weight] of CASES) {
    roll -= weight
    if (roll < 0) return c
  }
  return CASES[0]![0]
}

/** The share of a load's operations a non-valid case hits (the rest answer valid-random). */
export const HIT_SHARE = 0.35

/** Body mutations that make an answer the wrong shape: the screen must show its error state. */
export const WRONG_SHAPE = new Set(['missing-required', 'wrong-type', 'empty-200', 'null-body'])

/**
 * The call whose answer is the session (spec section 4: its failure means "logged out", so a
 * wrong-shaped answer to it draws the visitor's page, not an error state).
 */
export const SESSION_PROBE = 'getPlayerInfo'
