import type { components } from '~generated/api/schema'
import { currencyDecimals } from './format'

// Minor units per currency live with the formatting rules (decision 016).
export { currencyDecimals }

export type Currency = components['schemas']['Currency']
export type CurrencyRate = components['schemas']['CurrencyRate']

/**
 * Money arrives and leaves as decimal strings (the contract's `Money`, `Rate`) and every sum,
 * product and quotient here is exact decimal arithmetic on BigInt, never a JavaScript number:
 * 0.1 + 0.2 must be 0.3 on a screen that moves a player's money. Every value here is a
 * non-negative decimal, a product or a quotient of two, rounded down once: a fraction of two
 * integers floored is all it takes (decision 016; big.js was 3 KB gz on every money page).
 */
export type DecimalString = string

/** What the player may type, or a contract decimal: ASCII digits with an optional `.` part. */
const DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/

/** True for a non-negative decimal string such as `"1000"` or `"150.25"`. */
export function isDecimal(value: string): boolean {
  return DECIMAL.test(value)
}

/** A non-negative decimal, exactly: `units / 10^scale` (`"150.25"`: 15025 / 10^2). */
interface Decimal {
  units: bigint
  scale: number
}

/** The decimal of a string, or undefined for anything that is not one (never throws). */
function toDecimal(value: string): Decimal | undefined {
  const match = DECIMAL.exec(value)
  if (!match) return undefined
  const fraction = match[2]?.slice(1) ?? ''
  return { units: BigInt(match[1]! + fraction), scale: fraction.length }
}

const pow10 = (exponent: number) => 10n ** BigInt(exponent)

/**
 * `numerator / denominator` (both non-negative, the denominator not 0) rounded down to
 * `decimals` places, as a fixed-point string (`"61305"`, `"1.60"`): the contract's one
 * rounding of money (decision 005, `Money`).
 */
function floorToFixed(numerator: bigint, denominator: bigint, decimals: number): DecimalString {
  // BigInt division truncates, which for non-negative values is rounding down.
  const scaled = ((numerator * pow10(decimals)) / denominator).toString()
  if (decimals === 0) return scaled
  const digits = scaled.padStart(decimals + 1, '0')
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
}

/**
 * The conversions of spec section 9. Rates are quoted as LAK per 1 unit of `currency`:
 * - DEPOSIT: a LAK amount paid -> credit in `currency` (divide by the sell rate);
 * - WITHDRAW: credit in `currency` -> LAK paid out (multiply by the buy rate);
 * - DEPOSIT_FROM: credit in `currency` -> the LAK amount to pay (multiply by the sell rate).
 */
export type ConversionType = 'DEPOSIT' | 'WITHDRAW' | 'DEPOSIT_FROM'

/**
 * Converts `amount` with the rate of `currency` and rounds it once, down, to the result's
 * currency (the credit currency for DEPOSIT, LAK otherwise): the contract's rule for every
 * conversion (decision 005, `Money`), so the screen shows the figure the server will compute.
 * An unknown currency (no rate), a zero sell rate for DEPOSIT and an amount that is not a decimal all give `"0"` in the result's decimals, so a
 * form shows 0, never NaN or Infinity. The server computes the real figures.
 */
export function convertCurrency(
  amount: string,
  currency: Currency,
  type: ConversionType,
  rates: readonly CurrencyRate[],
): DecimalString {
  const resultCurrency: Currency = type === 'DEPOSIT' ? currency : 'LAK'
  const decimals = currencyDecimals(resultCurrency)
  const zero = floorToFixed(0n, 1n, decimals)
  const rate = rates.find((r) => r.currency === currency)
  const value = toDecimal(amount)
  if (!rate || !value) return zero
  const sell = toDecimal(rate.sell)
  const buy = toDecimal(rate.buy)
  // value / rate = (value.units * 10^rate.scale) / (rate.units * 10^value.scale)
  const quotient = (by: Decimal) =>
    floorToFixed(value.units * pow10(by.scale), by.units * pow10(value.scale), decimals)
  // value * rate = (value.units * rate.units) / 10^(value.scale + rate.scale)
  const product = (by: Decimal) =>
    floorToFixed(value.units * by.units, pow10(value.scale + by.scale), decimals)
  switch (type) {
    case 'DEPOSIT':
      return sell && sell.units !== 0n ? quotient(sell) : zero
    case 'WITHDRAW':
      return buy ? product(buy) : zero
    case 'DEPOSIT_FROM':
      return sell ? product(sell) : zero
  }
}

/** Compares two decimal strings exactly: -1, 0 or 1 (not-decimals count as 0). */
export function compareMoney(a: string, b: string): -1 | 0 | 1 {
  const x = toDecimal(a) ?? { units: 0n, scale: 0 }
  const y = toDecimal(b) ?? { units: 0n, scale: 0 }
  const left = x.units * pow10(y.scale)
  const right = y.units * pow10(x.scale)
  return left < right ? -1 : left > right ? 1 : 0
}

/**
 * How far `done` is towards `target`, as a whole percent from 0 to 100, rounded down (a bar
 * never shows 100 before the target is met). A target that is zero or not a decimal gives 0.
 * Exact decimals first; the result is a count for a progress bar, not money.
 */
export function progressPercent(done: string, target: string): number {
  const whole = toDecimal(target)
  if (!whole || whole.units === 0n) return 0
  const part = toDecimal(done) ?? { units: 0n, scale: 0 }
  // done * 100 / target = (part.units * 100 * 10^whole.scale) / (whole.units * 10^part.scale)
  const percent = Number(
    floorToFixed(part.units * 100n * pow10(whole.scale), whole.units * pow10(part.scale), 0),
  )
  return Math.min(100, Math.max(0, percent))
}
