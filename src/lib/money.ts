import BigJs from 'big.js'
import type { components } from '~generated/api/schema'
import { currencyDecimals } from './format'

// Minor units per currency live with the formatting rules (decision 016).
export { currencyDecimals }

export type Currency = components['schemas']['Currency']
export type CurrencyRate = components['schemas']['CurrencyRate']

/**
 * Money arrives and leaves as decimal strings (the contract's `Money`, `Rate`) and every sum,
 * product and quotient here is exact decimal arithmetic (big.js), never a JavaScript number:
 * 0.1 + 0.2 must be 0.3 on a screen that moves a player's money.
 */
export type DecimalString = string

// A private constructor: division keeps 40 decimals and truncates there, so rounding a
// quotient down afterwards is exact (the global Big keeps the library's defaults).
const Big = BigJs()
Big.DP = 40
Big.RM = BigJs.roundDown
type Big = BigJs

/** What the player may type, or a contract decimal: ASCII digits with an optional `.` part. */
const DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/

/** True for a non-negative decimal string such as `"1000"` or `"150.25"`. */
export function isDecimal(value: string): boolean {
  return DECIMAL.test(value)
}

/** `Big` of a decimal string, or undefined for anything that is not one (never throws). */
export function toBig(value: string): Big | undefined {
  return isDecimal(value) ? new Big(value) : undefined
}

/**
 * `value` rounded down to the decimals of `currency`, as a fixed-point string (`"61305"`,
 * `"1.60"`): the contract's one rounding of money (decision 005, `Money`).
 */
export function roundDown(value: Big, currency: Currency): DecimalString {
  return value.toFixed(currencyDecimals(currency), BigJs.roundDown)
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
  const zero = roundDown(new Big(0), resultCurrency)
  const rate = rates.find((r) => r.currency === currency)
  const value = toBig(amount)
  if (!rate || !value) return zero
  const sell = toBig(rate.sell)
  const buy = toBig(rate.buy)
  switch (type) {
    case 'DEPOSIT':
      return sell && !sell.eq(0) ? roundDown(value.div(sell), resultCurrency) : zero
    case 'WITHDRAW':
      return buy ? roundDown(value.times(buy), resultCurrency) : zero
    case 'DEPOSIT_FROM':
      return sell ? roundDown(value.times(sell), resultCurrency) : zero
  }
}

/** Compares two decimal strings exactly: -1, 0 or 1 (not-decimals count as 0). */
export function compareMoney(a: string, b: string): -1 | 0 | 1 {
  return (toBig(a) ?? new Big(0)).cmp(toBig(b) ?? new Big(0))
}

/**
 * How far `done` is towards `target`, as a whole percent from 0 to 100, rounded down (a bar
 * never shows 100 before the target is met). A target that is zero or not a decimal gives 0.
 * Exact decimals first; the result is a count for a progress bar, not money.
 */
export function progressPercent(done: string, target: string): number {
  const whole = toBig(target)
  if (!whole || whole.lte(0)) return 0
  const part = toBig(done) ?? new Big(0)
  const percent = part.times(100).div(whole).round(0, BigJs.roundDown)
  return Math.min(100, Math.max(0, percent.toNumber()))
}
