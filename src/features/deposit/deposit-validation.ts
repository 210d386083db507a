import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { formatMoney } from '~/lib/format'
import { compareMoney, currencyDecimals } from '~/lib/money'
import type { ErrorText } from '~/ui/form'

type AmountLimits = components['schemas']['AmountLimits']
type Provider = components['schemas']['Provider']

export type DepositFormValues = {
  provider: Provider | null
  bankAccountId: string | null
  amount: string
  mid: string | null
}

/** What the amount is checked against: the agency's bounds and, in force, the promotion's set amount. */
export type AmountRules = {
  limits: AmountLimits
  /** `terms.depositAmount` of the promotion in force (LAK), if any. */
  promotionAmount?: string
}

// Lao (U+0ED0-0ED9) and Thai (U+0E50-0E59) digits: readable to the player, not to the bank.
const LOCAL_DIGITS = /[\u0ED0-\u0ED9\u0E50-\u0E59]/
const DIGITS = /^[0-9]+$/
const WITH_FRACTION = /^[0-9]*[.,][0-9]+$|^[0-9]+[.,]$/

/** Digits without leading zeros (`"0050000"` -> `"50000"`): the contract's form of an amount. */
export function normalizeAmount(raw: string): string {
  return raw.trim().replace(/^0+(?=[0-9])/, '')
}

/**
 * The amount's first broken rule (spec section 5: "amount correct, above a minimum and below
 * a maximum"; with a promotion in force, equal to its set amount), as a message thunk, or
 * undefined when the amount may be sent. Bounds are the contract's `limits.deposit`.
 */
export function amountError(raw: string, { limits, promotionAmount }: AmountRules) {
  const value = raw.trim()
  const money = (amount: string) => formatMoney(amount, limits.currency)
  if (value === '') return () => m.deposit_validation_amount_required()
  if (LOCAL_DIGITS.test(value)) return () => m.deposit_validation_amount_digits()
  if (value.startsWith('-')) return () => m.deposit_validation_amount_negative()
  if (WITH_FRACTION.test(value) && currencyDecimals(limits.currency) === 0) {
    return () => m.deposit_validation_amount_whole({ currency: limits.currency })
  }
  if (!DIGITS.test(value)) return () => m.deposit_validation_amount_not_number()
  const amount = normalizeAmount(value)
  if (compareMoney(amount, limits.min) < 0) {
    return () => m.deposit_validation_amount_min({ min: money(limits.min) })
  }
  if (compareMoney(amount, limits.max) > 0) {
    return () => m.deposit_validation_amount_max({ max: money(limits.max) })
  }
  if (promotionAmount !== undefined && compareMoney(amount, promotionAmount) !== 0) {
    return () => m.deposit_validation_amount_promotion({ amount: money(promotionAmount) })
  }
  return undefined
}

/** Every field's first broken rule (spec section 5: provider, bank, MID required; amount). */
export function validateDepositForm(
  values: DepositFormValues,
  rules: AmountRules,
): Record<string, ErrorText> {
  const errors: Record<string, ErrorText> = {}
  if (!values.provider) errors.provider = () => m.deposit_validation_provider_required()
  if (!values.bankAccountId) errors.bankAccountId = () => m.deposit_validation_bank_required()
  const amount = amountError(values.amount, rules)
  if (amount) errors.amount = amount
  if (!values.mid) errors.mid = () => m.deposit_validation_mid_required()
  return errors
}
