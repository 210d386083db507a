import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import type { ErrorDetailsOf, OperationErrorCodes } from '~/lib/api/error'
import { messageForCode } from '~/domain/error-messages'
import { parseAmount } from '~/domain/amount-input'
import { compareMoney } from '~/domain/money'

type AgencyLimits = components['schemas']['AgencyLimits']
type PromotionUsage = components['schemas']['PromotionUsage']
type Provider = components['schemas']['Provider']

/** Statuses of a usage "in force" (the contract's CurrentPromotion: ACTIVE or USED). */
const IN_FORCE: ReadonlySet<string> = new Set(['ACTIVE', 'USED'])

/** The usage whose terms apply to a withdrawal from `provider`, if any. */
export function usageInForce(
  usage: PromotionUsage | null | undefined,
  provider: Provider | null,
): PromotionUsage | undefined {
  if (!usage || !provider) return undefined
  return usage.provider === provider && IN_FORCE.has(usage.status) ? usage : undefined
}

/** A promotion in force for the provider requires withdrawing all of its credit. */
export function mustWithdrawAll(usage: PromotionUsage | undefined): boolean {
  return usage?.terms.withdrawAll === true
}

/** What the client knows before asking the server. */
export type WithdrawRuleContext = {
  provider: Provider
  /** The provider's credit now (refetched), a CreditAmount. */
  providerCredit: string
  limits: AgencyLimits
  usage: PromotionUsage | undefined
}

/**
 * A rule the typed credit breaks. Rules the contract names carry its ErrorCode and the details
 * the server would send, so the player reads the same sentence whoever refused (the catalogue
 * of ~/domain/error-messages formats both); the two input checks are the client's own.
 */
export type WithdrawRuleIssue =
  | { code: 'CREDIT_REQUIRED' }
  | { code: 'CREDIT_FORMAT'; decimals: number; example: string }
  | ContractRuleIssue

/** The quote's codes (the same createWithdraw answers) that the client can tell before asking. */
type ContractRuleCode = Extract<
  OperationErrorCodes['quoteWithdraw'],
  | 'WITHDRAW_CREDIT_LIMIT_EXCEEDED'
  | 'WITHDRAW_CREDIT_BELOW_PROMOTION_CREDIT'
  | 'WITHDRAW_ALL_CREDIT_REQUIRED'
  | 'INSUFFICIENT_CREDIT'
  | 'WITHDRAW_AMOUNT_TOO_LOW'
  | 'WITHDRAW_AMOUNT_TOO_HIGH'
>
/** Each with the details its code fills, typed from the contract. */
type ContractRuleIssue = {
  [C in ContractRuleCode]: { code: C; details: ErrorDetailsOf<C> }
}[ContractRuleCode]

/** The player's sentence for a broken rule: the catalogue's, so client and server agree. */
export function ruleMessage(issue: WithdrawRuleIssue): string {
  switch (issue.code) {
    case 'CREDIT_REQUIRED':
      return m.withdraw_credit_required()
    case 'CREDIT_FORMAT':
      return m.withdraw_credit_format({ decimals: issue.decimals, example: issue.example })
    default:
      return messageForCode(issue.code, issue.details)
  }
}

/** The server's codes about the credit typed: shown at the credit field, the rest above the button. */
export const CREDIT_CODES: ReadonlySet<string> = new Set([
  'INSUFFICIENT_CREDIT',
  'WITHDRAW_AMOUNT_TOO_LOW',
  'WITHDRAW_AMOUNT_TOO_HIGH',
  'WITHDRAW_CREDIT_LIMIT_EXCEEDED',
  'WITHDRAW_CREDIT_BELOW_PROMOTION_CREDIT',
  'WITHDRAW_ALL_CREDIT_REQUIRED',
  'VALIDATION_FAILED',
])

/**
 * The typed credit as the contract sends it (`"150"` -> `"150.00"`; read in the player's
 * language, ~/domain/amount-input), or undefined when it is not an amount with at most the
 * currency's decimals. Never rounds: `150.005` is refused, not quietly made `150.00`.
 */
export function normaliseCredit(typed: string, limits: AgencyLimits): string | undefined {
  const input = parseAmount(typed, limits.withdraw.currency)
  return input.ok ? input.value : undefined
}

/** The typed credit as input alone (no provider needed): present and an amount. */
export function checkCreditInput(
  typed: string,
  limits: AgencyLimits,
): Extract<WithdrawRuleIssue, { code: 'CREDIT_REQUIRED' | 'CREDIT_FORMAT' }> | undefined {
  const input = parseAmount(typed, limits.withdraw.currency)
  if (input.ok) return undefined
  if (input.problem === 'empty') return { code: 'CREDIT_REQUIRED' }
  return { code: 'CREDIT_FORMAT', decimals: input.decimals, example: input.example }
}

/**
 * Decision 005's withdraw rules, all on the provider credit before the withdrawal, in the order
 * a player can act on them: input, then what no amount can fix (the credit limit, the
 * promotion credit), then withdraw-all, then the amount against the credit and the bounds.
 * Returns the first rule broken, or undefined when the server can be asked.
 */
export function checkWithdrawRules(
  typed: string,
  { provider, providerCredit, limits, usage }: WithdrawRuleContext,
): WithdrawRuleIssue | undefined {
  const { currency } = limits.withdraw
  const inputIssue = checkCreditInput(typed, limits)
  if (inputIssue) return inputIssue
  const credit = normaliseCredit(typed, limits) ?? ''

  if (compareMoney(providerCredit, limits.withdrawCreditLimit) > 0) {
    return {
      code: 'WITHDRAW_CREDIT_LIMIT_EXCEEDED',
      details: { provider, credit: providerCredit, max: limits.withdrawCreditLimit, currency },
    }
  }
  if (usage && compareMoney(providerCredit, usage.bonusCredit) <= 0) {
    return {
      code: 'WITHDRAW_CREDIT_BELOW_PROMOTION_CREDIT',
      details: { provider, credit: providerCredit, min: usage.bonusCredit, currency },
    }
  }
  if (mustWithdrawAll(usage) && compareMoney(credit, providerCredit) !== 0) {
    return {
      code: 'WITHDRAW_ALL_CREDIT_REQUIRED',
      details: { field: 'credit', provider, amount: providerCredit, currency },
    }
  }
  if (compareMoney(credit, providerCredit) > 0) {
    return {
      code: 'INSUFFICIENT_CREDIT',
      details: { provider, credit: providerCredit, amount: credit, currency },
    }
  }
  if (compareMoney(credit, limits.withdraw.min) < 0) {
    return {
      code: 'WITHDRAW_AMOUNT_TOO_LOW',
      details: { field: 'credit', min: limits.withdraw.min, currency },
    }
  }
  if (compareMoney(credit, limits.withdraw.max) > 0) {
    return {
      code: 'WITHDRAW_AMOUNT_TOO_HIGH',
      details: { field: 'credit', max: limits.withdraw.max, currency },
    }
  }
  return undefined
}
