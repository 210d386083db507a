import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '~generated/paraglide/runtime'
import { amountShownBack, parseAmount } from '~/domain/amount-input'
import { formatFixed } from '~/domain/format'
import { locales } from '~/lib/locale'
import { SAMPLE_VALUES } from '../helpers/format-samples'

afterEach(() => setLocale('lo', { reload: false }))

const value = (typed: string, currency: 'LAK' | 'THB', locale: (typeof locales)[number]) => {
  const input = parseAmount(typed, currency, locale)
  return input.ok ? input.value : input.problem
}

describe('parseAmount', () => {
  it('reads what each language writes: lo and vn group with dots, cn and th with commas', () => {
    for (const locale of ['lo', 'vn'] as const) {
      expect(value('500.000', 'LAK', locale)).toBe('500000')
      expect(value('1.180,50', 'THB', locale)).toBe('1180.50')
      expect(value('50.000.000', 'LAK', locale)).toBe('50000000')
    }
    for (const locale of ['cn', 'th'] as const) {
      expect(value('500,000', 'LAK', locale)).toBe('500000')
      expect(value('1,180.50', 'THB', locale)).toBe('1180.50')
    }
  })

  it('never reads 500.000 as 500 where the dot groups, and asks where it could be either', () => {
    expect(value('500.000', 'LAK', 'lo')).toBe('500000')
    expect(value('500.000', 'THB', 'vn')).toBe('500000.00')
    // In th the dot marks decimals, but three of them where THB has two, or any for LAK,
    // may be a thousands group typed the Lao way: refused, naming th's form.
    expect(parseAmount('500.000', 'LAK', 'th')).toEqual({
      ok: false,
      problem: 'ambiguous',
      decimals: 0,
      example: '1,234,567',
    })
    expect(parseAmount('1.500', 'THB', 'cn')).toMatchObject({ problem: 'ambiguous' })
    expect(parseAmount('1,500', 'THB', 'lo')).toMatchObject({
      problem: 'ambiguous',
      example: '1.234.567,50',
    })
  })

  it('refuses marks that do not fit the language, naming its form', () => {
    expect(parseAmount('1,180.50', 'THB', 'lo')).toMatchObject({ problem: 'ambiguous' })
    expect(parseAmount('1.180,50', 'THB', 'th')).toMatchObject({
      problem: 'ambiguous',
      example: '1,234,567.50',
    })
    expect(parseAmount('1.18.0', 'THB', 'lo')).toMatchObject({ problem: 'ambiguous' })
    expect(parseAmount('12,34,567', 'LAK', 'th')).toMatchObject({ problem: 'ambiguous' })
  })

  it('one mark with one or two digits after it can only be decimals, in any language', () => {
    expect(value('150.5', 'THB', 'lo')).toBe('150.50')
    expect(value('1,5', 'THB', 'th')).toBe('1.50')
    // LAK has no decimals: said so, not rounded.
    expect(value('150,5', 'LAK', 'lo')).toBe('decimals')
    expect(value('150.55', 'LAK', 'th')).toBe('decimals')
  })

  it('reads spaces, Lao, Thai and full-width digits and full-width marks', () => {
    expect(value('500 000', 'LAK', 'lo')).toBe('500000')
    expect(value('500\u00a0000\u202f', 'LAK', 'vn')).toBe('500000')
    expect(value('໕໐໐.໐໐໐', 'LAK', 'lo')).toBe('500000')
    expect(value('๕๐๐,๐๐๐', 'LAK', 'th')).toBe('500000')
    expect(value('１，１８０．５', 'THB', 'cn')).toBe('1180.50')
    expect(value('１１８０。５', 'THB', 'cn')).toBe('1180.50')
    expect(value(' 0050000 ', 'LAK', 'th')).toBe('50000')
  })

  it('says what is wrong with what is not an amount', () => {
    expect(value('', 'LAK', 'lo')).toBe('empty')
    expect(value('   ', 'THB', 'th')).toBe('empty')
    expect(value('-5', 'THB', 'th')).toBe('negative')
    expect(value('\u22125', 'THB', 'th')).toBe('negative')
    for (const typed of ['abc', '1e3', '+5', '5฿', '.', ',,', '0x10', 'Infinity']) {
      expect(value(typed, 'THB', 'lo'), typed).toBe('not_number')
    }
    expect(value('150,555', 'THB', 'vn')).toBe('ambiguous')
    expect(value('150,5551', 'THB', 'vn')).toBe('decimals')
  })

  it('takes back what formatFixed writes, for every sample and language', () => {
    for (const locale of locales) {
      for (const sample of SAMPLE_VALUES.filter((v) => !v.startsWith('-'))) {
        expect(value(formatFixed(sample, 2, locale), 'THB', locale), `${locale} ${sample}`).toBe(
          formatFixed(sample, 2, 'th').replaceAll(',', ''),
        )
      }
    }
  })

  it('reads in the current language when none is given', () => {
    setLocale('th', { reload: false })
    expect(parseAmount('1,000', 'LAK')).toEqual({ ok: true, value: '1000' })
  })
})

describe('amountShownBack', () => {
  it('writes the amount back in the language, with the decimals typed', () => {
    expect(amountShownBack('500000', 'LAK', 'lo')).toBe('500.000')
    expect(amountShownBack('๕๐๐๐๐๐', 'LAK', 'th')).toBe('500,000')
    expect(amountShownBack('150.5', 'THB', 'lo')).toBe('150,5')
    expect(amountShownBack('1180.50', 'THB', 'vn')).toBe('1.180,50')
    expect(amountShownBack('150', 'THB', 'lo')).toBe('150')
  })

  it('leaves what is not an amount as typed, for its message', () => {
    expect(amountShownBack('1,180.50', 'THB', 'lo')).toBe('1,180.50')
    expect(amountShownBack('abc', 'THB', 'th')).toBe('abc')
  })
})
