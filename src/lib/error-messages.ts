import { rules } from '~generated/api/rules'
import { m } from '~generated/paraglide/messages'
import { isApiError, type ClientErrorCode, type ErrorBody, type ErrorCode } from './api/error'
import { formatDateTime, formatMoney } from './format'
import { PROVIDER_NAMES } from './game-catalogue'

type Details = ErrorBody['details']
type MessageFn = (details?: Details, retryAfterSeconds?: number) => string

/**
 * Every error code the player can meet, each with its translated message (spec section 8).
 * `satisfies` makes the catalogue exhaustive by type: a code added to the contract breaks the
 * type check until it has a message here (and so in every locale, as messages are compiled).
 */
export const errorMessages = {
  VALIDATION_FAILED: () => m.errors_validation_failed(),
  UNAUTHORIZED: () => m.errors_unauthorized(),
  AGENCY_NOT_FOUND: () => m.errors_agency_not_found(),
  INTERNAL_ERROR: () => m.errors_internal_error(),
  LOGIN_FAILED: () => m.errors_login_failed(),
  USERNAME_EXISTS: () => m.errors_username_exists(),
  // The bounds are the contract's, never restated here.
  USERNAME_INVALID: () =>
    m.errors_username_invalid({
      min: rules.Username.minLength,
      max: rules.Username.maxLength,
    }),
  PASSWORD_NOT_MATCH: () => m.errors_password_not_match(),
  CURRENT_PASSWORD_INCORRECT: () => m.errors_current_password_incorrect(),
  ACCOUNT_NOT_FOUND: () => m.errors_account_not_found(),
  ACCOUNT_IN_USED: () => m.errors_account_in_used(),
  BANK_ACCOUNT_ALREADY_ADDED: () => m.errors_bank_account_already_added(),
  BANK_ACCOUNT_LIMIT_REACHED: () => m.errors_bank_account_limit_reached(),
  BANK_ACCOUNT_TYPE_FORBIDDEN: () => m.errors_bank_account_type_forbidden(),
  BANK_CURRENCY_NOT_SUPPORTED: () => m.errors_bank_currency_not_supported(),
  BANK_ACCOUNT_REQUIRED: () => m.errors_bank_account_required(),
  // The bounds, the set amount and the threshold come from the error's details, formatted in
  // their currency; without them the sentence still reads whole.
  DEPOSIT_AMOUNT_TOO_LOW: (details) =>
    details?.min && details.currency
      ? m.errors_deposit_amount_too_low_min({ min: formatMoney(details.min, details.currency) })
      : m.errors_deposit_amount_too_low(),
  DEPOSIT_AMOUNT_TOO_HIGH: (details) =>
    details?.max && details.currency
      ? m.errors_deposit_amount_too_high_max({ max: formatMoney(details.max, details.currency) })
      : m.errors_deposit_amount_too_high(),
  DEPOSIT_AMOUNT_MUST_EQUAL_PROMOTION: (details) =>
    details?.amount && details.currency
      ? m.errors_deposit_amount_must_equal_promotion_amount({
          amount: formatMoney(details.amount, details.currency),
        })
      : m.errors_deposit_amount_must_equal_promotion(),
  PROMOTION_CREDIT_USED: (details) =>
    details?.credit && details.threshold && details.currency
      ? m.errors_promotion_credit_used_threshold({
          credit: formatMoney(details.credit, details.currency),
          threshold: formatMoney(details.threshold, details.currency),
        })
      : m.errors_promotion_credit_used(),
  // The contract says which kind of order is open: a withdraw order is waited for, not closed.
  OPEN_ORDER: (details) =>
    details?.orderKind === 'withdraw' ? m.errors_open_order_withdraw() : m.errors_open_order(),
  ORDER_NOT_FOUND: () => m.errors_order_not_found(),
  ORDER_ALREADY_PAID: () => m.errors_order_already_paid(),
  ORDER_ALREADY_FINAL: () => m.errors_order_already_final(),
  // The expiry moment is in the details; without it the sentence still reads whole.
  ORDER_EXPIRED: (details) =>
    details?.expiresAt
      ? m.errors_order_expired_at({ time: formatDateTime(details.expiresAt) })
      : m.errors_order_expired(),
  // Withdraw rules: the amounts and the provider of the details, formatted, when present.
  INSUFFICIENT_CREDIT: (details) =>
    details?.credit && details.currency && details.provider
      ? m.errors_insufficient_credit_at({
          credit: formatMoney(details.credit, details.currency),
          provider: PROVIDER_NAMES[details.provider],
        })
      : m.errors_insufficient_credit(),
  WITHDRAW_AMOUNT_TOO_LOW: (details) =>
    details?.min && details.currency
      ? m.errors_withdraw_amount_too_low_min({ min: formatMoney(details.min, details.currency) })
      : m.errors_withdraw_amount_too_low(),
  WITHDRAW_AMOUNT_TOO_HIGH: (details) =>
    details?.max && details.currency
      ? m.errors_withdraw_amount_too_high_max({ max: formatMoney(details.max, details.currency) })
      : m.errors_withdraw_amount_too_high(),
  WITHDRAW_CREDIT_LIMIT_EXCEEDED: (details) =>
    details?.max && details.currency
      ? m.errors_withdraw_credit_limit_exceeded_max({
          max: formatMoney(details.max, details.currency),
        })
      : m.errors_withdraw_credit_limit_exceeded(),
  WITHDRAW_CREDIT_BELOW_PROMOTION_CREDIT: (details) =>
    details?.min && details.currency
      ? m.errors_withdraw_credit_below_promotion_credit_min({
          min: formatMoney(details.min, details.currency),
        })
      : m.errors_withdraw_credit_below_promotion_credit(),
  WITHDRAW_ALL_CREDIT_REQUIRED: (details) =>
    details?.amount && details.currency
      ? m.errors_withdraw_all_credit_required_amount({
          amount: formatMoney(details.amount, details.currency),
        })
      : m.errors_withdraw_all_credit_required(),
  WITHDRAW_REJECTED: () => m.errors_withdraw_rejected(),
  PROMOTION_NOT_FOUND: () => m.errors_promotion_not_found(),
  PROMOTION_INACTIVE: () => m.errors_promotion_inactive(),
  PROMOTION_ONLY_FOR_FIRST_ORDER: () => m.errors_promotion_only_for_first_order(),
  PROMOTION_ALREADY_USED: () => m.errors_promotion_already_used(),
  PROMOTION_USAGE: () => m.errors_promotion_usage(),
  PROMOTION_ALREADY_ACTIVE: () => m.errors_promotion_already_active(),
  // Without the provider the sentence would have a hole: fall back to "already used".
  PROMOTION_USED_BY_PROVIDER: (details) =>
    details?.provider
      ? m.errors_promotion_used_by_provider({ provider: PROVIDER_NAMES[details.provider] })
      : m.errors_promotion_already_used(),
  PROMOTION_USAGE_ENDED: () => m.errors_promotion_usage_ended(),
  CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN: () =>
    m.errors_cannot_use_promotion_while_order_is_open(),
  PLAYER_BLOCKED_FROM_PROMOTIONS: () => m.errors_player_blocked_from_promotions(),
  GAME_NOT_FOUND: () => m.errors_game_not_found(),
  GAME_REQUIRES_DEPOSIT: () => m.errors_game_requires_deposit(),
  IDEMPOTENCY_KEY_IN_PROGRESS: () => m.errors_idempotency_key_in_progress(),
  IDEMPOTENCY_KEY_REUSED: () => m.errors_idempotency_key_reused(),
  // The wait comes from the Retry-After header (errorMessage passes it); without it, "a moment".
  RATE_LIMITED: (_details, retryAfterSeconds?: number) =>
    retryAfterSeconds
      ? m.errors_rate_limited_wait({ seconds: retryAfterSeconds })
      : m.errors_rate_limited(),
  QUOTE_EXPIRED: () => m.errors_quote_expired(),
  NETWORK_ERROR: () => m.errors_network_error(),
  TIMEOUT: () => m.errors_timeout(),
  UNEXPECTED_RESPONSE: () => m.errors_unexpected_response(),
} satisfies Record<ErrorCode | ClientErrorCode, MessageFn>

function isKnownCode(code: string): code is keyof typeof errorMessages {
  return Object.hasOwn(errorMessages, code)
}

/**
 * The player's message for anything a call (or code around it) threw. A code the build does
 * not know yet (a newer backend) reads as an unexpected response instead of a raw code.
 * Where the player may need staff (the server failed, an account used elsewhere, a code we do
 * not know), the error's request id follows: staff look the request up with it (decision 005).
 */
export function errorMessage(error: unknown): string {
  const known = isApiError(error) && isKnownCode(error.code)
  const text = known
    ? (errorMessages[error.code as keyof typeof errorMessages] as MessageFn)(
        error.details,
        error.retryAfterSeconds,
      )
    : errorMessages.UNEXPECTED_RESPONSE()
  if (!isApiError(error) || !error.requestId) return text
  const forStaff = !known || error.status >= 500 || error.code === 'ACCOUNT_IN_USED'
  return forStaff ? `${text} ${m.errors_request_reference({ requestId: error.requestId })}` : text
}
