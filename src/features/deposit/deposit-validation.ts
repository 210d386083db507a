import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { parseAmount, type AmountInput } from '~/domain/amount-input'
import { formatMoney } from '~/domain/format'
import { compareMoney, type Currency } from '~/domain/money'
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

/**
 * The contract's form of a typed amount (`"500.000"` in lo -> `"500000"`, Lao and Thai digits
 * read), or the text trimmed when it is not an amount (the validator refuses it first).
 */
export function normalizeAmount(raw: string, currency: Currency): string {
  const input = parseAmount(raw, currency)
  return input.ok ? input.value : raw.trim()
}

/** Why the typed text is not an amount, in the player's words. */
function inputError(input: Exclude<AmountInput, { ok: true }>, currency: Currency) {
  switch (input.problem) {
    case 'empty':
      return () => m.deposit_validation_amount_required()
    case 'negative':
      return () => m.deposit_validation_amount_negative()
    case 'not_number':
      return () => m.deposit_validation_amount_not_number()
    case 'decimals':
      if (input.decimals === 0) return () => m.deposit_validation_amount_whole({ currency })
      return () => m.common_amount_form({ example: input.example })
    case 'ambiguous':
      return () => m.common_amount_form({ example: input.example })
  }
}

/**
 * The amount's first broken rule (spec section 5: "amount correct, above a minimum and below
 * a maximum"; with a promotion in force, equal to its set amount), as a message thunk, or
 * undefined when the amount may be sent. Bounds are the contract's `limits.deposit`.
 */
export function amountError(raw: string, { limits, promotionAmount }: AmountRules) {
  const money = (amount: string) => formatMoney(amount, limits.currency)
  // Read in the player's language: separators, spaces, Lao, Thai and full-width digits.
  const input = parseAmount(raw, limits.currency)
  if (!input.ok) return inputError(input, limits.currency)
  const amount = input.value
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
