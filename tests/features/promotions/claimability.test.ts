import { describe, expect, it } from 'vitest'
import { claimBlock, type ClaimFacts } from '~/features/promotions/claimability'
import { exampleOf } from '../../contract/spec'
import { daily, weekend, type PromotionUsage } from './promotion-stubs'

const festival = exampleOf<typeof daily>('getPromotion', '200', 'pr_festival15')
const activeDaily = exampleOf<{ usage: PromotionUsage }>(
  'getCurrentPromotion',
  '200',
  'active',
).usage

const free: ClaimFacts = {
  blocked: false,
  blockedReason: null,
  hasBankAccount: true,
  current: null,
  hasOpenDepositOrder: false,
}

describe('claimBlock (spec sections 5 and 6)', () => {
  it('lets a player with a bank account, nothing in force and no open order claim', () => {
    expect(claimBlock(daily, free)).toBeNull()
  })

  it('needs a bank account first', () => {
    expect(claimBlock(daily, { ...free, hasBankAccount: false })).toBe('needs_bank')
  })

  it('refuses while a deposit order is open', () => {
    expect(claimBlock(daily, { ...free, hasOpenDepositOrder: true })).toBe('open_order')
  })

  it('allows one promotion at a time: this one is in use, the others wait', () => {
    const facts = { ...free, current: activeDaily }
    expect(claimBlock(daily, facts)).toBe('in_use')
    expect(claimBlock(weekend, facts)).toBe('one_at_a_time')
  })

  it('refuses a promotion the agency switched off', () => {
    expect(claimBlock(festival, free)).toBe('inactive')
  })

  it('puts the agency block before everything else', () => {
    const everything: ClaimFacts = {
      blocked: true,
      blockedReason: 'x',
      hasBankAccount: false,
      current: activeDaily,
      hasOpenDepositOrder: true,
    }
    expect(claimBlock(daily, everything)).toBe('blocked')
  })

  it('names the promotion in force before what the player could fix', () => {
    const facts = {
      ...free,
      hasBankAccount: false,
      hasOpenDepositOrder: true,
      current: activeDaily,
    }
    expect(claimBlock(weekend, facts)).toBe('one_at_a_time')
  })
})
