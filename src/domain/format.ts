import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { getLocale, type Locale } from '~/lib/locale'

type Currency = components['schemas']['Currency']

// ---- Numbers and money -------------------------------------------------------------------
//
// Our own rules per language, not the engine's Intl: Debian's Chromium has no Lao data and
// formats lo-LA as `LAK 500,000` where a phone with full ICU shows `₭500.000` (decision 016).
// The table is CLDR 47's data for lo, zh-CN, vi and th (what Node's full ICU prints); a unit
// test holds it equal to Node's Intl, and an e2e test holds Chromium equal to Node.

/** One language's way of writing numbers and money (CLDR: symbols, currency pattern). */
export type NumberRules = {
  /** Thousands separator. */
  group: string
  /** Decimal mark. */
  decimal: string
  /** What goes before and after the number, per currency (CLDR pattern and currency spacing). */
  money: Record<Currency, { prefix: string; suffix: string }>
  /** The minus sign sits after the prefix (`₭-500`, CLDR lo) instead of before it (`-฿500`). */
  minusAfterPrefix: boolean
}

const NBSP = '\u00a0'
const before = (prefix: string) => ({ prefix, suffix: '' })
const after = (suffix: string) => ({ prefix: '', suffix: `${NBSP}${suffix}` })

/** CLDR per language: the ids are ours (lo, cn, vn, th); the data is lo, zh-CN, vi, th. */
export const NUMBER_RULES: Record<Locale, NumberRules> = {
  lo: {
    group: '.',
    decimal: ',',
    money: { LAK: before('₭'), THB: before('฿'), USD: before('US$') },
    minusAfterPrefix: true,
  },
  cn: {
    group: ',',
    decimal: '.',
    money: { LAK: before(`LAK${NBSP}`), THB: before(`THB${NBSP}`), USD: before('US$') },
    minusAfterPrefix: false,
  },
  vn: {
    group: '.',
    decimal: ',',
    money: { LAK: after('LAK'), THB: after('฿'), USD: after('US$') },
    minusAfterPrefix: false,
  },
  th: {
    group: ',',
    decimal: '.',
    money: { LAK: before(`LAK${NBSP}`), THB: before('฿'), USD: before('US$') },
    minusAfterPrefix: false,
  },
}

/** A decimal string (the contract's Money, Rate) or a number; strings are used exactly. */
type Decimal = string | number

/**
 * Minor units per currency (ISO 4217, and the contract's `Money` per currency: LAK 0, THB 2,
 * USD 2; a test keeps the two in step). Our own table, not Intl's (decision 016).
 */
const CURRENCY_DECIMALS: Record<Currency, number> = { LAK: 0, THB: 2, USD: 2 }

/** Minor units of a currency: LAK 0, THB 2, USD 2 (two for one outside the contract). */
export function currencyDecimals(currency: Currency): number {
  return CURRENCY_DECIMALS[currency] ?? 2
}

/** A plain decimal: what the contract sends, and what a JavaScript number prints below 1e21. */
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/** `digits` (ASCII) plus one in the last place: `"0999"` -> `"1000"`, `"99"` -> `"100"`. */
function plusOne(digits: string): string {
  const out = digits.split('')
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1)
      return out.join('')
    }
    out[i] = '0'
  }
  return `1${out.join('')}`
}

/**
 * The digits of `value` rounded half away from zero (CLDR's and Intl's default) to at most
 * `maxDecimals`, padded to `minDecimals`, as sign, integer part and fraction part. String
 * arithmetic on the decimal as written (no float, no decimal library on every page).
 * Undefined when `value` is not a plain decimal.
 */
function digitsOf(value: Decimal, minDecimals: number, maxDecimals: number) {
  const match = PLAIN_DECIMAL.exec(typeof value === 'number' ? String(value) : value.trim())
  if (!match) return undefined
  const [, sign = '', whole = '0', typed = ''] = match
  let kept = `${whole}${typed.slice(0, maxDecimals).padEnd(maxDecimals, '0')}`
  if ((typed[maxDecimals] ?? '0') >= '5') kept = plusOne(kept)
  const integer = kept.slice(0, kept.length - maxDecimals).replace(/^0+(?=\d)/, '') || '0'
  let fraction = kept.slice(kept.length - maxDecimals)
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1)
  // -0.001 shown as 0 is zero: no minus sign on a zero (Intl would print `-0`).
  const negative = sign === '-' && /[1-9]/.test(integer + fraction)
  return { negative, integer, fraction }
}

/** `1234567` -> `1.234.567` with the language's group mark (groups of three, CLDR). */
function grouped(integer: string, group: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, group)
}

/** The number part alone (no sign): grouped integer, decimal mark, fraction. */
function numberText(integer: string, fraction: string, rules: NumberRules): string {
  const whole = grouped(integer, rules.group)
  return fraction ? `${whole}${rules.decimal}${fraction}` : whole
}

/**
 * `1234567.5` -> `1.234.567,5` in lo and vn, `1,234,567.5` in cn and th: at most
 * `maximumFractionDigits` decimals, trailing zeros dropped. A value that is not a number is
 * returned unchanged.
 */
export function formatNumber(
  value: Decimal,
  maximumFractionDigits = 2,
  locale: Locale = getLocale(),
): string {
  const digits = digitsOf(value, 0, maximumFractionDigits)
  if (!digits) return String(value)
  const text = numberText(digits.integer, digits.fraction, NUMBER_RULES[locale])
  return digits.negative ? `-${text}` : text
}

/** Decimals a rate can carry (the contract's `Rate`: up to 6). */
const RATE_DECIMALS = 6

/**
 * The right side of `1 THB = …`: a rate with the decimals it has (up to the contract's 6, never
 * rounded to the quoted currency's minor unit: 610.55 is not 611) and that currency's code once:
 * `("610.55", "LAK")` -> `610,55 LAK` in lo, `610.55 LAK` in cn. The deposit preview and the
 * withdraw figures both show their rate this way.
 */
export function formatRate(rate: Decimal, quotedIn: Currency, locale: Locale = getLocale()) {
  return `${formatNumber(rate, RATE_DECIMALS, locale)} ${quotedIn}`
}

/**
 * The number with exactly `decimals` decimals, no currency: `("1234567.5", 2)` ->
 * `1.234.567,50` in lo. What an amount field shows back, and the form its messages name.
 */
export function formatFixed(value: Decimal, decimals: number, locale: Locale = getLocale()) {
  const digits = digitsOf(value, decimals, decimals)
  if (!digits) return String(value)
  const text = numberText(digits.integer, digits.fraction, NUMBER_RULES[locale])
  return digits.negative ? `-${text}` : text
}

/**
 * An amount with its currency's decimals and sign, in the player's language:
 * `("1180.5", "THB")` -> `฿1.180,50` (lo), `฿1,180.50` (th), `1.180,50 ฿` (vn),
 * `THB 1,180.50` (cn); LAK has no minor unit: `₭500.000`. Not a number: returned unchanged.
 */
export function formatMoney(value: Decimal, currency: Currency, locale: Locale = getLocale()) {
  const decimals = currencyDecimals(currency)
  const digits = digitsOf(value, decimals, decimals)
  if (!digits) return String(value)
  const rules = NUMBER_RULES[locale]
  // A currency outside the contract (a newer server) is shown by its code, after the number.
  const { prefix, suffix } = rules.money[currency] ?? after(currency)
  const text = numberText(digits.integer, digits.fraction, rules)
  if (!digits.negative) return `${prefix}${text}${suffix}`
  return rules.minusAfterPrefix ? `${prefix}-${text}${suffix}` : `-${prefix}${text}${suffix}`
}

// ---- Dates ---------------------------------------------------------------------------------

/**
 * RFC 3339 with an offset (`2024-06-15T13:02:11Z`, `...+07:00`), as the contract's date-time.
 * Stricter than `Date.parse`, which also takes local times and other shapes.
 */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i

/** Epoch milliseconds of an RFC 3339 date-time, or undefined when it is not one. */
function parseInstant(value: string): number | undefined {
  if (!RFC_3339.test(value)) return undefined
  const ms = Date.parse(value)
  if (Number.isNaN(ms)) return undefined
  // Date.parse rolls 30 February over into March; a calendar date that does not exist is refused.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number]
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return date.getUTCDate() === day ? ms : undefined
}

/** The browser's time zone: only until agency info has named the agency's. */
const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/** The zone agency info named, and whether this browser's Intl knows it (once asked). */
let agencyZone: { name: string; known?: boolean } | undefined

/**
 * The one place that knows the zone dates are shown in: `Agency.timeZone`, set once per page
 * load when agency info arrives (the root route's loader). A name this browser's Intl does not
 * know is ignored (dates stay in the device's zone rather than the page failing). It is checked
 * when a date is first shown, not here: the check is the page's first `Intl.DateTimeFormat`,
 * which loads ICU's locales and the zone's rules (10-50 ms on a fast machine), and
 * most first screens show no date: `prepareDateFormatting` does it once a signed-in player's
 * page is idle (the shell, app-shell.tsx).
 */
export function setAgencyTimeZone(timeZone: string | undefined): void {
  agencyZone = timeZone === undefined ? undefined : { name: timeZone }
}

function isKnownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone })
    return true
  } catch {
    return false
  }
}

/**
 * The zone agency info named, as named and unchecked (no `Intl` call): the zone of the format
 * the shell has a worker make ahead (`dateFormatIn`), before `prepareDateFormatting`.
 */
export function agencyTimeZoneName(): string | undefined {
  return agencyZone?.name
}

/** The agency's time zone (`Agency.timeZone`), the device's until agency info is loaded. */
export function agencyTimeZone(): string {
  if (agencyZone) agencyZone.known ??= isKnownZone(agencyZone.name)
  return agencyZone?.known ? agencyZone.name : deviceTimeZone()
}

/**
 * The one date format every shown date is cut from: day, month, year and 24-hour time in
 * Latin digits, in `timeZone` (the agency's). Also what the shell has a worker make ahead.
 */
export const dateFormatIn = (timeZone?: string) =>
  ({
    locale: 'en-GB',
    options: {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    },
  }) satisfies { locale: string; options: Intl.DateTimeFormatOptions }

const dateParts = new Map<string, Intl.DateTimeFormat>()
/** Day, month, year and 24-hour time of an instant in a time zone, in Latin digits. */
function partsIn(epochMs: number, timeZone: string) {
  let format = dateParts.get(timeZone)
  if (!format) {
    const { locale, options } = dateFormatIn(timeZone)
    format = new Intl.DateTimeFormat(locale, options)
    dateParts.set(timeZone, format)
  }
  const parts: Record<string, string> = {}
  for (const { type, value } of format.formatToParts(epochMs)) parts[type] = value
  return parts as Record<'day' | 'month' | 'year' | 'hour' | 'minute' | 'second', string>
}

/**
 * Makes the agency zone's date formatter now, at an idle moment, so that the first date a
 * page shows later (an open order's expiry, a history) does not pay ICU's loading in the tap
 * that brought it: 82 ms of the Deposit press's task at 4x CPU (decision 020). The shell has a
 * worker make one first (`warmUpIntl`), which leaves this a short task.
 */
export function prepareDateFormatting(): void {
  partsIn(Date.now(), agencyTimeZone())
}

/**
 * RFC 3339 -> `DD/MM/YYYY HH:mm:ss` in the agency's time zone; `null` (the contract's "no such
 * instant", NullableDateTime) -> N/A (translated). A value that is not RFC 3339 with an offset
 * is returned unchanged rather than thrown.
 * (Intl, not a Temporal polyfill: 18 KB gz less on every page that shows an error.)
 */
export function formatDateTime(value: string | null, timeZone: string = agencyTimeZone()): string {
  if (value === null) return m.common_not_available()
  const ms = parseInstant(value)
  if (ms === undefined) return value
  const t = partsIn(ms, timeZone)
  return `${t.day}/${t.month}/${t.year} ${t.hour}:${t.minute}:${t.second}`
}

/**
 * RFC 3339 -> `DD/MM/YYYY` in the agency's time zone (validity dates, where the time of day
 * says nothing); `null` -> N/A, as formatDateTime.
 */
export function formatDate(value: string | null, timeZone: string = agencyTimeZone()): string {
  if (value === null) return m.common_not_available()
  const ms = parseInstant(value)
  if (ms === undefined) return value
  const t = partsIn(ms, timeZone)
  return `${t.day}/${t.month}/${t.year}`
}

/**
 * `YYYY-MM-DD` of the agency day an instant falls on (the calendar of `Agency.timeZone`): the
 * fingerprint's "today", a daily promotion's day.
 */
export function agencyDate(now: Date = new Date(), timeZone: string = agencyTimeZone()): string {
  const t = partsIn(now.getTime(), timeZone)
  return `${t.year}-${t.month}-${t.day}`
}
