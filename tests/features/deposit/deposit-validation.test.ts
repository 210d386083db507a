import { describe, expect, it } from 'vitest'
import { m } from '~generated/paraglide/messages'
import {
  amountError,
  normalizeAmount,
  validateDepositForm,
} from '~/features/deposit/deposit-validation'
import { formatMoney } from '~/domain/format'
import { agency, activeUsage } from './fixtures'

const limits = agency.limits.deposit
const text = (error: (() => string) | string | undefined) =>
  typeof error === 'function' ? error() : error

describe('deposit amount rules (bounds from the contract: limits.deposit)', () => {
  // Each bad input the issue lists, with the message the player reads.
  it.each([
    ['empty', '', m.deposit_validation_amount_required()],
    ['only spaces', '   ', m.deposit_validation_amount_required()],
    [
      'below the minimum',
      String(BigInt(limits.min) - 1n),
      m.deposit_validation_amount_min({ min: formatMoney(limits.min, 'LAK') }),
    ],
    [
      'above the maximum',
      String(BigInt(limits.max) + 1n),
      m.deposit_validation_amount_max({ max: formatMoney(limits.max, 'LAK') }),
    ],
    ['not a number', 'abc', m.deposit_validation_amount_not_number()],
    ['decimals in LAK', '50000.5', m.deposit_validation_amount_whole({ currency: 'LAK' })],
    ['decimal comma in LAK', '50000,50', m.deposit_validation_amount_whole({ currency: 'LAK' })],
    ['negative', '-50000', m.deposit_validation_amount_negative()],
    // Lao and Thai digits are read since issue 24: below the minimum, they say so.
    ['Lao digits', '໕', m.deposit_validation_amount_min({ min: formatMoney(limits.min, 'LAK') })],
    ['Thai digits', '๕', m.deposit_validation_amount_min({ min: formatMoney(limits.min, 'LAK') })],
    [
      '10,000 digits',
      '9'.repeat(10_000),
      m.deposit_validation_amount_max({ max: formatMoney(limits.max, 'LAK') }),
    ],
    ['10,000 characters', 'x'.repeat(10_000), m.deposit_validation_amount_not_number()],
    ['markup', '<img src=x onerror=alert(1)>', m.deposit_validation_amount_not_number()],
    // In lo the comma is the decimal mark: grouped the Thai way is refused, naming lo's form.
    ['grouped digits', '50,000,000', m.common_amount_form({ example: '1.234.567' })],
  ])('%s gives its message', (_, input, message) => {
    expect(text(amountError(input, { limits }))).toBe(message)
  })

  it('accepts the bounds themselves (inclusive) and leading zeros', () => {
    expect(amountError(limits.min, { limits })).toBeUndefined()
    expect(amountError(limits.max, { limits })).toBeUndefined()
    expect(amountError(`00${limits.min}`, { limits })).toBeUndefined()
    expect(normalizeAmount(`00${limits.min}`, 'LAK')).toBe(limits.min)
    // Grouped, spaced, in Lao or Thai digits: the same amount (lo groups with dots).
    expect(normalizeAmount('50.000', 'LAK')).toBe('50000')
    expect(normalizeAmount('50 000', 'LAK')).toBe('50000')
    expect(normalizeAmount('໕໐໐໐໐', 'LAK')).toBe('50000')
    expect(amountError('๕๐.๐๐๐', { limits })).toBeUndefined()
  })

  it("with a promotion in force, only the promotion's set amount passes", () => {
    const promotionAmount = activeUsage.terms.depositAmount
    const rules = { limits, promotionAmount }
    expect(amountError(promotionAmount, rules)).toBeUndefined()
    expect(text(amountError(limits.max, rules))).toBe(
      m.deposit_validation_amount_promotion({ amount: formatMoney(promotionAmount, 'LAK') }),
    )
  })

  it('requires provider, bank account and MID', () => {
    const errors = validateDepositForm(
      { provider: null, bankAccountId: null, amount: limits.min, mid: null },
      { limits },
    )
    expect(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, text(v)]))).toEqual({
      provider: m.deposit_validation_provider_required(),
      bankAccountId: m.deposit_validation_bank_required(),
      mid: m.deposit_validation_mid_required(),
    })
  })
})
