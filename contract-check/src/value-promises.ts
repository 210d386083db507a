// Promises one value of an answer keeps on its own or with its siblings, read from the schema's
// `x-` annotations (the promises check of context-checks.ts walks the body and asks these):
// - `x-utc: true`: a date-time written in UTC (`Z`);
// - `x-zero-date: {year}`: never "" nor a date in the zero date's year ("none" is null);
// - `x-time-zone: iana`: a time zone name the IANA database knows;
// - `x-formula: "a + b"`, `"a / b"`, `"a * b.c / 100"`: the value equals the figure its sibling
//   fields give, evaluated left to right in exact decimals and rounded down to the value's own
//   decimals (the contract rounds once, down, on the final figure); a `null` operand means the
//   value is `null` too.
import type { Json } from './contract'

/** What a rule found wrong with a value, or undefined when it holds. */
export type Broken = string | undefined

export function utc(value: string): Broken {
  return value === '' || value.endsWith('Z') ? undefined : `${value} is not in UTC (Z)`
}

export function zeroDate(rule: unknown, value: string): Broken {
  const year = (rule as { year?: unknown } | undefined)?.year
  if (value === '') return '"" where a date belongs ("none" is null)'
  if (typeof year === 'number' && Number(value.slice(0, 4)) === year)
    return `${value} is a zero date ("none" is null)`
  return undefined
}

export function timeZone(value: string): Broken {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return undefined
  } catch {
    return `${value} is not a time zone of the IANA database`
  }
}

type Decimal = { n: bigint; scale: number }
/** Digits kept by a division before the final rounding. */
const DIVISION_SCALE = 12

function decimal(v: unknown): Decimal | undefined {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(typeof v === 'number' ? String(v) : String(v ?? ''))
  if (!m) return undefined
  const fraction = m[2] ?? ''
  return { n: BigInt(m[1]! + fraction), scale: fraction.length }
}

const scaled = (d: Decimal, scale: number) => d.n * 10n ** BigInt(scale - d.scale)

function apply(a: Decimal, op: string, b: Decimal): Decimal | undefined {
  const scale = Math.max(a.scale, b.scale)
  if (op === '+') return { n: scaled(a, scale) + scaled(b, scale), scale }
  if (op === '-') return { n: scaled(a, scale) - scaled(b, scale), scale }
  if (op === '*') return { n: a.n * b.n, scale: a.scale + b.scale }
  if (op === '/' && b.n !== 0n) {
    const n = (a.n * 10n ** BigInt(b.scale + DIVISION_SCALE)) / (b.n * 10n ** BigInt(a.scale))
    return { n, scale: DIVISION_SCALE }
  }
  return undefined
}

/** Down (toward zero) to `decimals` places. */
function roundDown(d: Decimal, decimals: number): bigint {
  return d.scale <= decimals ? scaled(d, decimals) : d.n / 10n ** BigInt(d.scale - decimals)
}

function operand(parent: Json, token: string): unknown {
  if (/^\d+(\.\d+)?$/.test(token)) return token
  return token
    .split('.')
    .reduce<unknown>((node, key) => (node as Json | null | undefined)?.[key], parent)
}

/**
 * A value against its `x-formula` over the sibling fields of `parent`. Undefined when it holds or
 * when an operand is absent (nothing to judge).
 */
export function formula(expression: string, value: unknown, parent: Json): Broken {
  const tokens = expression.trim().split(/\s+/)
  const operands = tokens.filter((_, i) => i % 2 === 0).map((t) => operand(parent, t))
  if (operands.some((o) => o === undefined)) return undefined
  if (operands.some((o) => o === null))
    return value === null ? undefined : `is ${JSON.stringify(value)}; ${expression} is null`
  if (value === null) return `is null; ${expression} is not`
  let result = decimal(operands[0])
  for (let i = 1; result && i < tokens.length; i += 2) {
    const next = decimal(operands[(i + 1) / 2])
    result = next && apply(result, tokens[i]!, next)
  }
  const own = decimal(value)
  if (!result || !own) return undefined
  if (roundDown(result, own.scale) === own.n) return undefined
  const expected = roundDown(result, own.scale)
    .toString()
    .padStart(own.scale + 1, '0')
  const shown = own.scale
    ? `${expected.slice(0, -own.scale)}.${expected.slice(-own.scale)}`
    : expected
  return `is ${JSON.stringify(value)}; ${expression} rounded down is "${shown}"`
}
