import { afterEach, describe, expect, it } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { setLocale } from '~generated/paraglide/runtime'
import {
  agencyDate,
  agencyTimeZone,
  formatDate,
  formatDateTime,
  formatFixed,
  formatMoney,
  formatNumber,
  formatRate,
  setAgencyTimeZone,
} from '~/domain/format'
import { BCP47, locales } from '~/lib/locale'
import { SAMPLE_VALUES } from '../helpers/format-samples'

afterEach(() => {
  setLocale('lo', { reload: false })
  setAgencyTimeZone(undefined)
})

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

describe('formatRate', () => {
  it('keeps the decimals the rate has (up to the contract six) and names the currency once', () => {
    expect(formatRate('610.55', 'LAK', 'lo')).toBe('610,55 LAK')
    expect(formatRate('610.55', 'LAK', 'cn')).toBe('610.55 LAK')
    expect(formatRate('625.00', 'LAK', 'lo')).toBe('625 LAK')
    expect(formatRate('21650.123456', 'LAK', 'th')).toBe('21,650.123456 LAK')
  })
})

describe('formatMoney', () => {
  it('shows THB with two decimals and LAK with none', () => {
    expect(formatMoney('1234567.5', 'THB')).toBe('฿1.234.567,50')
    expect(formatMoney('500000', 'LAK')).toMatch(/^₭\s?500\.000$/)
  })
})

describe('per language (our CLDR table, not the engine)', () => {
  it('formats the sample in each language as written down', () => {
    const thb = (locale: (typeof locales)[number]) =>
      SAMPLE_VALUES.map((value) => formatMoney(value, 'THB', locale))
    expect(thb('lo')).toEqual([
      '฿0,00',
      '฿0,50',
      '฿1.180,50',
      '฿500.000,00',
      '฿50.000.000,00',
      '฿-1.180,50',
    ])
    expect(thb('th')).toEqual([
      '฿0.00',
      '฿0.50',
      '฿1,180.50',
      '฿500,000.00',
      '฿50,000,000.00',
      '-฿1,180.50',
    ])
    expect(thb('vn')).toEqual([
      '0,00\u00a0฿',
      '0,50\u00a0฿',
      '1.180,50\u00a0฿',
      '500.000,00\u00a0฿',
      '50.000.000,00\u00a0฿',
      '-1.180,50\u00a0฿',
    ])
    expect(thb('cn')).toEqual([
      'THB\u00a00.00',
      'THB\u00a00.50',
      'THB\u00a01,180.50',
      'THB\u00a0500,000.00',
      'THB\u00a050,000,000.00',
      '-THB\u00a01,180.50',
    ])
    expect(formatMoney('500000', 'LAK', 'lo')).toBe('₭500.000')
    expect(formatMoney('500000', 'LAK', 'th')).toBe('LAK\u00a0500,000')
    expect(formatNumber('1180.5', 2, 'vn')).toBe('1.180,5')
    expect(formatFixed('1180.5', 2, 'cn')).toBe('1,180.50')
  })

  // Node ships full ICU (CLDR): the table must say what CLDR says, for every currency and
  // sample, in every language. (Debian's Chromium does not have lo: decision 016.)
  it.each(locales)('%s equals CLDR as Node’s full ICU formats it', (locale) => {
    for (const currency of ['LAK', 'THB', 'USD'] as const) {
      const intl = new Intl.NumberFormat(BCP47[locale], { style: 'currency', currency })
      for (const value of SAMPLE_VALUES) {
        expect(formatMoney(value, currency, locale), `${currency} ${value}`).toBe(
          intl.format(value as unknown as number),
        )
      }
    }
    const plain = new Intl.NumberFormat(BCP47[locale], { maximumFractionDigits: 2 })
    for (const value of [...SAMPLE_VALUES, '1234.567', '999.995']) {
      expect(formatNumber(value, 2, locale), value).toBe(plain.format(value as unknown as number))
    }
  })

  it('follows the current language when none is given', () => {
    setLocale('th', { reload: false })
    expect(formatMoney('1180.5', 'THB')).toBe('฿1,180.50')
  })

  it('keeps a value that is not a number as it is, and an unknown currency by its code', () => {
    expect(formatMoney('n/a', 'THB')).toBe('n/a')
    expect(formatMoney('5', 'EUR' as 'THB', 'th')).toBe('5.00\u00a0EUR')
    expect(formatMoney('-0.001', 'THB', 'th')).toBe('฿0.00')
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

describe("the agency's time zone (Agency.timeZone)", () => {
  // 2024-06-15T11:30:00Z is 16 June 01:30 at +14 (Kiritimati) and 14 June 23:30 at -10 (Adak, DST -9).
  const instant = '2024-06-15T11:30:00Z'

  it('formats every date in the agency zone once agency info named it, not the device zone', () => {
    setAgencyTimeZone('Pacific/Kiritimati')
    expect(agencyTimeZone()).toBe('Pacific/Kiritimati')
    expect(formatDateTime(instant)).toBe('16/06/2024 01:30:00')
    expect(formatDate(instant)).toBe('16/06/2024')
    expect(agencyDate(new Date(instant))).toBe('2024-06-16')

    setAgencyTimeZone('America/Adak')
    expect(formatDateTime(instant)).toBe('15/06/2024 02:30:00')
    expect(formatDate('2024-01-15T05:00:00Z')).toBe('14/01/2024')
    expect(agencyDate(new Date('2024-01-15T05:00:00Z'))).toBe('2024-01-14')
  })

  it("is the device's zone until agency info is loaded, and when the name is unknown to Intl", () => {
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone
    expect(agencyTimeZone()).toBe(device)
    setAgencyTimeZone('Mars/Olympus_Mons')
    expect(agencyTimeZone()).toBe(device)
    expect(formatDateTime(instant)).toBe(formatDateTime(instant, device))
  })

  it('counts the agency day as YYYY-MM-DD in the given zone', () => {
    expect(agencyDate(new Date('2024-12-31T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2025-01-01')
    expect(agencyDate(new Date('2024-12-31T10:00:00Z'), 'America/Adak')).toBe('2024-12-31')
    expect(agencyDate(new Date('2025-01-01T09:59:59Z'), 'America/Adak')).toBe('2024-12-31')
  })
})
