import { Temporal } from 'temporal-polyfill'
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
 * The zero date (`0001-01-01T00:00:00Z`) means "never". It is detected in UTC: in local time
 * zones year 1 carries odd local-mean-time offsets (Asia/Vientiane +06:42:04).
 */
export function isZeroDate(instant: Temporal.Instant): boolean {
  return instant.toZonedDateTimeISO('UTC').year <= 1
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * RFC 3339 -> `DD/MM/YYYY HH:mm:ss` in the player's time zone; the zero date -> N/A (translated).
 * A value that is not RFC 3339 with an offset is returned unchanged rather than thrown.
 */
export function formatDateTime(
  value: string,
  timeZone: string = Temporal.Now.timeZoneId(),
): string {
  let instant: Temporal.Instant
  try {
    instant = Temporal.Instant.from(value)
  } catch {
    return value
  }
  if (isZeroDate(instant)) return m.common_not_available()
  const t = instant.toZonedDateTimeISO(timeZone)
  return `${pad(t.day)}/${pad(t.month)}/${t.year} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`
}

/**
 * RFC 3339 -> `DD/MM/YYYY` in the player's time zone (validity dates, where the time of day
 * says nothing); the zero date -> N/A, as formatDateTime.
 */
export function formatDate(value: string, timeZone: string = Temporal.Now.timeZoneId()): string {
  let instant: Temporal.Instant
  try {
    instant = Temporal.Instant.from(value)
  } catch {
    return value
  }
  if (isZeroDate(instant)) return m.common_not_available()
  const t = instant.toZonedDateTimeISO(timeZone)
  return `${pad(t.day)}/${pad(t.month)}/${t.year}`
}
