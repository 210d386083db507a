import { describe, expect, it } from 'vitest'
import { convertCurrency, type CurrencyRate } from '~/lib/money'
import { exampleOf } from '../contract/spec'

const { rates } = exampleOf<{ rates: CurrencyRate[] }>('listCurrencyRates', '200')

describe('convertCurrency (spec section 9)', () => {
  it('reads the rates the contract documents', () => {
    expect(rates.find((r) => r.currency === 'THB')).toEqual({
      currency: 'THB',
      buy: '610.00',
      sell: '625.00',
    })
  })

  it('DEPOSIT divides a LAK amount by the sell rate', () => {
    expect(convertCurrency('625000', 'THB', 'DEPOSIT', rates)).toBe(1000)
    expect(convertCurrency(312500, 'THB', 'DEPOSIT', rates)).toBe(500)
  })

  it('WITHDRAW multiplies credit by the buy rate', () => {
    expect(convertCurrency('100.50', 'THB', 'WITHDRAW', rates)).toBeCloseTo(61305, 6)
  })

  it('DEPOSIT_FROM multiplies credit by the sell rate', () => {
    expect(convertCurrency('2', 'USD', 'DEPOSIT_FROM', rates)).toBe(43300)
  })

  it('gives 0 for a currency without a rate', () => {
    const thbOnly = rates.filter((r) => r.currency === 'THB')
    expect(convertCurrency('1000', 'USD', 'DEPOSIT', thbOnly)).toBe(0)
    expect(convertCurrency('1000', 'USD', 'WITHDRAW', [])).toBe(0)
  })

  it('never gives Infinity or NaN', () => {
    const zero: CurrencyRate[] = [{ currency: 'THB', buy: '0', sell: '0' }]
    expect(convertCurrency('1000', 'THB', 'DEPOSIT', zero)).toBe(0)
    expect(convertCurrency('not a number', 'THB', 'WITHDRAW', rates)).toBe(0)
  })
})
