import { afterEach, describe, expect, it } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { setLocale } from '~generated/paraglide/runtime'
import { formatDate, formatDateTime, formatMoney, formatNumber } from '~/lib/format'

afterEach(() => setLocale('lo', { reload: false }))

describe('formatNumber (lo-LA)', () => {
  it('groups with dots and uses a comma for decimals', () => {
    expect(formatNumber('1234567.5')).toBe('1.234.567,5')
    expect(formatNumber(1234567.5)).toBe('1.234.567,5')
    expect(formatNumber('0')).toBe('0')
  })

  it('keeps decimal strings exact beyond float precision', () => {
    expect(formatNumber('90071992547409931.25')).toBe('90.071.992.547.409.931,25')
  })
})

describe('formatMoney', () => {
  it('shows THB with two decimals and LAK with none', () => {
    expect(formatMoney('1234567.5', 'THB')).toBe('฿1.234.567,50')
    expect(formatMoney('500000', 'LAK')).toMatch(/^₭\s?500\.000$/)
  })
})

describe('formatDateTime', () => {
  it('renders DD/MM/YYYY HH:mm:ss in the given time zone', () => {
    expect(formatDateTime('2024-06-15T13:02:11Z', 'UTC')).toBe('15/06/2024 13:02:11')
    expect(formatDateTime('2024-06-15T13:02:11Z', 'Asia/Vientiane')).toBe('15/06/2024 20:02:11')
    expect(formatDateTime('2024-12-31T23:59:59+07:00', 'Asia/Vientiane')).toBe(
      '31/12/2024 23:59:59',
    )
    // Fractions of a second are dropped; midnight is 00, never 24.
    expect(formatDateTime('2024-06-15T17:00:00.999-07:00', 'UTC')).toBe('16/06/2024 00:00:00')
  })

  it('shows null (no such instant) as N/A in the current language, in any time zone', () => {
    expect(formatDateTime(null, 'Asia/Vientiane')).toBe(m.common_not_available())
    setLocale('th', { reload: false })
    expect(formatDateTime(null, 'UTC')).toBe('ไม่มีข้อมูล')
  })

  it('returns a value without an offset unchanged instead of throwing', () => {
    expect(formatDateTime('2024-06-15 13:02:11')).toBe('2024-06-15 13:02:11')
    expect(formatDateTime('2024-06-15T13:02:11')).toBe('2024-06-15T13:02:11')
    expect(formatDateTime('2024-02-30T13:02:11Z')).toBe('2024-02-30T13:02:11Z')
  })
})

describe('formatDate', () => {
  it('renders DD/MM/YYYY of the day in the given time zone', () => {
    expect(formatDate('2030-12-31T16:59:59Z', 'UTC')).toBe('31/12/2030')
    // 16:59:59 UTC is 23:59:59 in Vientiane: still the 31st there, the 1st an hour later.
    expect(formatDate('2030-12-31T16:59:59Z', 'Asia/Vientiane')).toBe('31/12/2030')
    expect(formatDate('2030-12-31T17:00:00Z', 'Asia/Vientiane')).toBe('01/01/2031')
  })

  it('shows null as N/A and leaves a value without an offset unchanged', () => {
    expect(formatDate(null, 'Asia/Vientiane')).toBe(m.common_not_available())
    expect(formatDate('2030-12-31')).toBe('2030-12-31')
  })
})
