import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'

type Currency = components['schemas']['Currency']

/** Spec section 1: amounts are always formatted in the lo-LA locale, whatever the language. */
export const AMOUNT_LOCALE = 'lo-LA'

const numberFormats = new Map<string, Intl.NumberFormat>()
function numberFormat(key: string, options: Intl.NumberFormatOptions) {
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(AMOUNT_LOCALE, options)
    numberFormats.set(key, format)
  }
  return format
}

/** Intl accepts decimal strings exactly (no float rounding), which is what Money is. */
type Decimal = string | number
const asIntl = (value: Decimal) => value as unknown as number

/** `1234567.5` -> `1.234.567,5` (grouping and decimal marks of lo-LA). */
export function formatNumber(value: Decimal, maximumFractionDigits = 2): string {
  return numberFormat(`n${maximumFractionDigits}`, { maximumFractionDigits }).format(asIntl(value))
}

/** `("1234567.5", "THB")` -> `฿1.234.567,50`; LAK has no minor unit, so `₭1.234.568`. */
export function formatMoney(value: Decimal, currency: Currency): string {
  return numberFormat(`c${currency}`, { style: 'currency', currency }).format(asIntl(value))
}

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

/** The player's own time zone (the browser's). */
const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

const dateParts = new Map<string, Intl.DateTimeFormat>()
/** Day, month, year and 24-hour time of an instant in a time zone, in Latin digits. */
function partsIn(epochMs: number, timeZone: string) {
  let format = dateParts.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    })
    dateParts.set(timeZone, format)
  }
  const parts: Record<string, string> = {}
  for (const { type, value } of format.formatToParts(epochMs)) parts[type] = value
  return parts as Record<'day' | 'month' | 'year' | 'hour' | 'minute' | 'second', string>
}

/**
 * RFC 3339 -> `DD/MM/YYYY HH:mm:ss` in the player's time zone; `null` (the contract's "no such
 * instant", NullableDateTime) -> N/A (translated). A value that is not RFC 3339 with an offset
 * is returned unchanged rather than thrown.
 * (Intl, not a Temporal polyfill: 18 KB gz less on every page that shows an error, issue 9.)
 */
export function formatDateTime(value: string | null, timeZone: string = localTimeZone()): string {
  if (value === null) return m.common_not_available()
  const ms = parseInstant(value)
  if (ms === undefined) return value
  const t = partsIn(ms, timeZone)
  return `${t.day}/${t.month}/${t.year} ${t.hour}:${t.minute}:${t.second}`
}

/**
 * RFC 3339 -> `DD/MM/YYYY` in the player's time zone (validity dates, where the time of day
 * says nothing); `null` -> N/A, as formatDateTime.
 */
export function formatDate(value: string | null, timeZone: string = localTimeZone()): string {
  if (value === null) return m.common_not_available()
  const ms = parseInstant(value)
  if (ms === undefined) return value
  const t = partsIn(ms, timeZone)
  return `${t.day}/${t.month}/${t.year}`
}
