import type { components } from '~generated/api/schema'

type Currency = components['schemas']['Currency']
export type CurrencyRate = components['schemas']['CurrencyRate']

/**
 * The conversions of spec section 9. Rates are quoted as LAK per 1 unit of `currency`:
 * - DEPOSIT: a LAK amount paid -> credit in `currency` (divide by the sell rate);
 * - WITHDRAW: credit in `currency` -> LAK paid out (multiply by the buy rate);
 * - DEPOSIT_FROM: credit in `currency` -> the LAK amount to pay (multiply by the sell rate).
 */
export type ConversionType = 'DEPOSIT' | 'WITHDRAW' | 'DEPOSIT_FROM'

/** Decimal strings (Money, Rate) or numbers typed by the player. */
type Decimal = string | number

function toNumber(value: Decimal): number {
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) ? n : 0
}

/**
 * Converts `amount` with the rate of `currency`. An unknown currency (no rate) gives 0, as
 * does a zero sell rate for DEPOSIT (no division by zero), so a form shows 0, never NaN or
 * Infinity. The result is an estimate for display; the server computes the real figures.
 */
export function convertCurrency(
  amount: Decimal,
  currency: Currency,
  type: ConversionType,
  rates: readonly CurrencyRate[],
): number {
  const rate = rates.find((r) => r.currency === currency)
  if (!rate) return 0
  const value = toNumber(amount)
  switch (type) {
    case 'DEPOSIT': {
      const sell = toNumber(rate.sell)
      return sell === 0 ? 0 : value / sell
    }
    case 'WITHDRAW':
      return value * toNumber(rate.buy)
    case 'DEPOSIT_FROM':
      return value * toNumber(rate.sell)
  }
}
