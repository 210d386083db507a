import { formatDate, formatDateTime, formatFixed, formatMoney, formatNumber } from '~/domain/format'
import type { Locale } from '~/lib/locale'

// e2e/format-module.ts builds this file into one script and reads the module through it.
export { formatMoney }

/**
 * The sample every engine must render alike (issue 24): amounts of each currency, numbers,
 * a rate and dates, per language. Rendered in Node by the unit tests and, from the same built
 * module, in Chromium by e2e/format-engines.spec.ts; the strings must be identical.
 */
export const SAMPLE_VALUES = ['0', '0.5', '1180.5', '500000', '50000000', '-1180.5'] as const
const SAMPLE_DATES = ['2024-06-15T13:02:11Z', '2030-12-31T17:00:00+07:00'] as const
const SAMPLE_TIME_ZONE = 'Asia/Vientiane'

export function renderSamples(locale: Locale): string[] {
  const out: string[] = []
  for (const value of SAMPLE_VALUES) {
    out.push(
      formatMoney(value, 'LAK', locale),
      formatMoney(value, 'THB', locale),
      formatMoney(value, 'USD', locale),
      formatNumber(value, 2, locale),
      formatFixed(value, 2, locale),
    )
  }
  // A rate (LAK per THB) as the deposit preview shows it.
  out.push(formatMoney('614.25', 'LAK', locale), formatNumber('614.25', 4, locale))
  for (const date of SAMPLE_DATES) {
    out.push(formatDateTime(date, SAMPLE_TIME_ZONE), formatDate(date, SAMPLE_TIME_ZONE))
  }
  return out
}
