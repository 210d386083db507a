import { describe, expect, it } from 'vitest'
import BigJs from 'big.js'
import {
  compareMoney,
  convertCurrency,
  currencyDecimals,
  progressPercent,
  isDecimal,
  type CurrencyRate,
} from '~/domain/money'
import { exampleOf } from '../contract/spec'

const { rates } = exampleOf<{ rates: CurrencyRate[] }>('listCurrencyRates', '200')
const thb = (buy: string, sell: string): CurrencyRate[] => [{ currency: 'THB', buy, sell }]

describe('convertCurrency (spec section 9)', () => {
  it('reads the rates the contract documents', () => {
    const rate = rates.find((r) => r.currency === 'THB')
    expect(rate && isDecimal(rate.buy) && isDecimal(rate.sell)).toBe(true)
  })

  it('DEPOSIT divides a LAK amount by the sell rate, to the credit currency decimals', () => {
    expect(convertCurrency('625000', 'THB', 'DEPOSIT', thb('610', '625'))).toBe('1000.00')
    expect(convertCurrency('312500', 'THB', 'DEPOSIT', thb('610', '625'))).toBe('500.00')
  })

  it('DEPOSIT rounds the credit down: the screen never promises more credit', () => {
    // 100000 / 625.5 = 159.8721...
    expect(convertCurrency('100000', 'THB', 'DEPOSIT', thb('610', '625.5'))).toBe('159.87')
    // 1 / 3 = 0.333... -> 0.33 (exact decimal division, no float noise)
    expect(convertCurrency('1', 'THB', 'DEPOSIT', thb('1', '3'))).toBe('0.33')
  })

  it('WITHDRAW multiplies credit by the buy rate, to whole kip, rounded down', () => {
    expect(convertCurrency('100.50', 'THB', 'WITHDRAW', thb('610', '625'))).toBe('61305')
    // 0.99 * 610.55 = 604.4445 -> 604 kip
    expect(convertCurrency('0.99', 'THB', 'WITHDRAW', thb('610.55', '625'))).toBe('604')
  })

  it('DEPOSIT_FROM multiplies credit by the sell rate, to whole kip, rounded down (decision 005)', () => {
    expect(convertCurrency('2', 'THB', 'DEPOSIT_FROM', thb('610', '625'))).toBe('1250')
    // 1.01 * 625.5 = 631.755 -> 631 kip: the contract rounds every conversion down
    expect(convertCurrency('1.01', 'THB', 'DEPOSIT_FROM', thb('610', '625.5'))).toBe('631')
  })

  it('stays exact on big LAK amounts where floating point would drift', () => {
    expect(convertCurrency('999999999999999999', 'THB', 'DEPOSIT', thb('1', '1'))).toBe(
      '999999999999999999.00',
    )
    expect(convertCurrency('0.1', 'THB', 'WITHDRAW', thb('3', '3'))).toBe('0')
  })

  it('gives 0 for a currency without a rate', () => {
    expect(convertCurrency('1000', 'USD', 'DEPOSIT', thb('610', '625'))).toBe('0.00')
    expect(convertCurrency('1000', 'USD', 'WITHDRAW', [])).toBe('0')
  })

  it('never gives Infinity or NaN', () => {
    expect(convertCurrency('1000', 'THB', 'DEPOSIT', thb('0', '0'))).toBe('0.00')
    expect(convertCurrency('not a number', 'THB', 'WITHDRAW', rates)).toBe('0')
    expect(convertCurrency('-5', 'THB', 'WITHDRAW', rates)).toBe('0')
  })
})

describe('decimal helpers', () => {
  it('knows the minor units of each contract currency', () => {
    expect(currencyDecimals('LAK')).toBe(0)
    expect(currencyDecimals('THB')).toBe(2)
    expect(currencyDecimals('USD')).toBe(2)
  })

  it('accepts only plain non-negative decimals', () => {
    for (const ok of ['0', '10', '10.5', '100000']) expect(isDecimal(ok)).toBe(true)
    for (const bad of ['', '-1', '01', '1.', '.5', '1,5', '1e3', '໑໐', '๑๐', ' 1', '<b>'])
      expect(isDecimal(bad)).toBe(false)
  })

  it('compares exactly', () => {
    expect(compareMoney('100.00', '100')).toBe(0)
    expect(compareMoney('100.01', '100')).toBe(1)
    expect(compareMoney('99.99', '100')).toBe(-1)
  })
})

describe('progressPercent', () => {
  it('is the whole percent of the target reached, rounded down', () => {
    expect(progressPercent('211.20', '528.00')).toBe(40)
    expect(progressPercent('527.99', '528.00')).toBe(99)
    expect(progressPercent('528.00', '528.00')).toBe(100)
  })

  it('stays between 0 and 100 and is 0 without a target', () => {
    expect(progressPercent('531.20', '528.00')).toBe(100)
    expect(progressPercent('0.00', '0.00')).toBe(0)
    expect(progressPercent('12', 'abc')).toBe(0)
  })
})

describe('against big.js (the library these helpers replaced, decision 016)', () => {
  // A seeded generator: the same 400 cases every run, of every size and scale.
  let seed = 19
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n
  }
  const digits = (n: number) => Array.from({ length: n }, () => String(next(10))).join('')
  const decimal = () => {
    const whole = String(BigInt(`${next(9) + 1}${digits(next(18))}`) * BigInt(next(2)))
    const fraction = next(3) === 0 ? '' : `.${digits(next(6) + 1)}`
    return `${whole}${fraction}`
  }
  const Big = BigJs()
  Big.DP = 60
  const floor = (value: BigJs, decimals: number) => value.toFixed(decimals, BigJs.roundDown)
  const cases = Array.from({ length: 400 }, () => [decimal(), decimal(), decimal()] as const)

  it('converts exactly as big.js does, rounding down once', () => {
    for (const [amount, buy, sell] of cases) {
      const rates = thb(buy, sell)
      const expected = {
        DEPOSIT: Number(sell) === 0 ? '0.00' : floor(new Big(amount).div(sell), 2),
        WITHDRAW: floor(new Big(amount).times(buy), 0),
        DEPOSIT_FROM: floor(new Big(amount).times(sell), 0),
      }
      for (const type of ['DEPOSIT', 'WITHDRAW', 'DEPOSIT_FROM'] as const)
        expect(
          convertCurrency(amount, 'THB', type, rates),
          `${type} ${amount} ${buy} ${sell}`,
        ).toBe(expected[type])
    }
  })

  it('compares and measures progress exactly as big.js does', () => {
    for (const [a, b] of cases) {
      expect(compareMoney(a, b), `${a} ${b}`).toBe(new Big(a).cmp(b))
      const percent = new Big(b).eq(0)
        ? 0
        : Math.min(100, new Big(a).times(100).div(b).round(0, BigJs.roundDown).toNumber())
      expect(progressPercent(a, b), `${a} ${b}`).toBe(percent)
    }
  })
})
