import { describe, expect, it } from 'vitest'
import type { components } from '~generated/api/schema'
import { setLocale } from '~generated/paraglide/runtime'
import {
  checkCreditInput,
  checkWithdrawRules,
  mustWithdrawAll,
  normaliseCredit,
  usageInForce,
  type WithdrawRuleContext,
} from '~/domain/withdraw-rules'
import { exampleOf } from '../contract/spec'

type Agency = components['schemas']['Agency']
type CurrentPromotion = components['schemas']['CurrentPromotion']

// The default world: withdraw 100.00-50,000.00 THB, credit limit 100,000.00 THB.
const { limits } = exampleOf<Agency>('getAgencyInfo', '200')
const weekend = exampleOf<CurrentPromotion>('getCurrentPromotion', '200', 'withdrawAll').usage
const daily = exampleOf<CurrentPromotion>('getCurrentPromotion', '200', 'used').usage

const gclub = (providerCredit: string): WithdrawRuleContext => ({
  provider: 'gclub',
  providerCredit,
  limits,
  usage: undefined,
})
const code = (typed: string, context: WithdrawRuleContext) =>
  checkWithdrawRules(typed, context)?.code

describe('withdraw rules (decision 005), each at its boundary', () => {
  it('reads the bounds from the contract', () => {
    expect(limits.withdraw).toEqual({ min: '100.00', max: '50000.00', currency: 'THB' })
    expect(limits.withdrawCreditLimit).toBe('100000.00')
  })

  it('amount: exactly the minimum passes, one hundredth below does not', () => {
    expect(code('100.00', gclub('1180.00'))).toBeUndefined()
    expect(code('100', gclub('1180.00'))).toBeUndefined()
    expect(checkWithdrawRules('99.99', gclub('1180.00'))).toEqual({
      code: 'WITHDRAW_AMOUNT_TOO_LOW',
      details: { field: 'credit', min: '100.00', currency: 'THB' },
    })
  })

  it('amount: exactly the maximum passes, one hundredth above does not', () => {
    expect(code('50000.00', gclub('60000.00'))).toBeUndefined()
    expect(checkWithdrawRules('50000.01', gclub('60000.00'))).toEqual({
      code: 'WITHDRAW_AMOUNT_TOO_HIGH',
      details: { field: 'credit', max: '50000.00', currency: 'THB' },
    })
  })

  it('credit: exactly all of it passes, one hundredth more does not', () => {
    expect(code('1180.00', gclub('1180.00'))).toBeUndefined()
    expect(checkWithdrawRules('1180.01', gclub('1180.00'))).toEqual({
      code: 'INSUFFICIENT_CREDIT',
      details: { provider: 'gclub', credit: '1180.00', amount: '1180.01', currency: 'THB' },
    })
  })

  it('credit limit: at the limit passes, one hundredth above refuses any amount', () => {
    expect(code('150.00', gclub('100000.00'))).toBeUndefined()
    expect(checkWithdrawRules('150.00', gclub('100000.01'))).toEqual({
      code: 'WITHDRAW_CREDIT_LIMIT_EXCEEDED',
      details: { provider: 'gclub', credit: '100000.01', max: '100000.00', currency: 'THB' },
    })
  })

  it('promotion credit: the credit must be above the bonus (equal is refused)', () => {
    const alphabet = (providerCredit: string): WithdrawRuleContext => ({
      provider: 'alphabet',
      providerCredit,
      limits,
      usage: usageInForce(daily, 'alphabet'),
    })
    expect(daily?.bonusCredit).toBe('16.00')
    expect(checkWithdrawRules('100.00', alphabet('16.00'))).toEqual({
      code: 'WITHDRAW_CREDIT_BELOW_PROMOTION_CREDIT',
      details: { provider: 'alphabet', credit: '16.00', min: '16.00', currency: 'THB' },
    })
    // One hundredth above the bonus: this rule passes, the amount rules decide.
    expect(code('16.01', alphabet('16.01'))).toBe('WITHDRAW_AMOUNT_TOO_LOW')
    expect(code('100.00', alphabet('196.40'))).toBeUndefined()
  })

  it('withdraw-all: only the whole credit passes', () => {
    const usage = usageInForce(weekend, 'askmebet')
    expect(mustWithdrawAll(usage)).toBe(true)
    const askmebet: WithdrawRuleContext = {
      provider: 'askmebet',
      providerCredit: '2350.00',
      limits,
      usage,
    }
    expect(code('2350.00', askmebet)).toBeUndefined()
    expect(checkWithdrawRules('2349.99', askmebet)).toEqual({
      code: 'WITHDRAW_ALL_CREDIT_REQUIRED',
      details: { field: 'credit', provider: 'askmebet', amount: '2350.00', currency: 'THB' },
    })
    expect(code('2350.01', askmebet)).toBe('WITHDRAW_ALL_CREDIT_REQUIRED')
  })

  it('a promotion applies to its own provider only, and only while in force', () => {
    expect(usageInForce(weekend, 'askmebet')).toBe(weekend)
    expect(usageInForce(weekend, 'gclub')).toBeUndefined()
    expect(usageInForce(weekend && { ...weekend, status: 'SUCCESS' }, 'askmebet')).toBeUndefined()
    expect(usageInForce(null, 'askmebet')).toBeUndefined()
    expect(mustWithdrawAll(usageInForce(daily, 'alphabet'))).toBe(false)
  })

  it('input: empty and malformed credit are the client own messages, never rounded', () => {
    expect(code('', gclub('1180.00'))).toBe('CREDIT_REQUIRED')
    expect(code('   ', gclub('1180.00'))).toBe('CREDIT_REQUIRED')
    // In lo (the default) dots group and the comma marks decimals (issue 24).
    for (const typed of ['abc', '1,180.50', '-5', '150,005', '1e3', '1.5.0']) {
      expect(checkWithdrawRules(typed, gclub('1180.00')), typed).toEqual({
        code: 'CREDIT_FORMAT',
        decimals: 2,
        example: '1.234.567,50',
      })
    }
  })

  it('reads the credit by the language: `150.005` is 150005 in lo, refused in th', () => {
    expect(normaliseCredit('150.005', limits)).toBe('150005.00')
    expect(normaliseCredit('1,50', limits)).toBe('1.50')
    setLocale('th', { reload: false })
    try {
      expect(normaliseCredit('150.005', limits)).toBeUndefined()
      expect(normaliseCredit('1,180.50', limits)).toBe('1180.50')
      expect(checkCreditInput('1.180,50', limits)).toEqual({
        code: 'CREDIT_FORMAT',
        decimals: 2,
        example: '1,234,567.50',
      })
    } finally {
      setLocale('lo', { reload: false })
    }
  })

  it('normalises what was typed to the contract 2 decimals', () => {
    expect(normaliseCredit('150', limits)).toBe('150.00')
    expect(normaliseCredit('150.5', limits)).toBe('150.50')
    expect(normaliseCredit(' 150.25 ', limits)).toBe('150.25')
    expect(normaliseCredit('150,255', limits)).toBeUndefined()
  })
})
