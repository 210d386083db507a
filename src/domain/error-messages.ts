import * as rules from '~generated/api/rules'
import { m } from '~generated/paraglide/messages'
import type { OperationId } from '~generated/api/operations'
import {
  isApiError,
  type AnyErrorDetails,
  type ClientErrorCode,
  type ErrorCode,
  type ErrorDetailsOf,
  type OperationErrorCodes,
} from '~/lib/api/error'
import { formatDateTime, formatMoney } from './format'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'

/**
 * The message of one code, reading the details that code fills (typed per code from the
 * contract). `details` stays optional: a backend that breaks the contract still gets a whole
 * sentence, without the values.
 */
export type MessageFor<C extends ErrorCode> = (
  details?: ErrorDetailsOf<C>,
  retryAfterSeconds?: number,
) => string

type Catalogue = { [C in ErrorCode]: MessageFor<C> } & { [C in ClientErrorCode]: () => string }

/**
 * The messages a screen shows for one operation's failures: one for every code the contract
 * lists on that operation's 4xx/5xx responses (`OperationErrorCodes`), each reading that code's
 * details. Every screen shows an operation's failure through `errorMessage`, so the catalogue
 * is each screen's map; `everyOperationCovered` holds it to every operation's codes.
 */
export type OperationMessages<Op extends OperationId> = {
  [C in OperationErrorCodes[Op]]: MessageFor<C>
}

type AnyMessage = (details?: AnyErrorDetails, retryAfterSeconds?: number) => string

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
    details?.credit && details.threshold && details.currency && details.provider
      ? m.errors_promotion_credit_used_threshold({
          provider: PROVIDER_NAMES[details.provider],
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
  // Withdraw rules: every amount and the provider of the details, formatted, when present
  // (the per-operation test of tests/domain/error-messages.test.ts holds each message to it).
  INSUFFICIENT_CREDIT: (details) =>
    details?.credit && details.amount && details.currency && details.provider
      ? m.errors_insufficient_credit_at({
          credit: formatMoney(details.credit, details.currency),
          amount: formatMoney(details.amount, details.currency),
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
    details?.max && details.credit && details.currency && details.provider
      ? m.errors_withdraw_credit_limit_exceeded_max({
          provider: PROVIDER_NAMES[details.provider],
          credit: formatMoney(details.credit, details.currency),
          max: formatMoney(details.max, details.currency),
        })
      : m.errors_withdraw_credit_limit_exceeded(),
  WITHDRAW_CREDIT_BELOW_PROMOTION_CREDIT: (details) =>
    details?.min && details.credit && details.currency && details.provider
      ? m.errors_withdraw_credit_below_promotion_credit_min({
          provider: PROVIDER_NAMES[details.provider],
          credit: formatMoney(details.credit, details.currency),
          min: formatMoney(details.min, details.currency),
        })
      : m.errors_withdraw_credit_below_promotion_credit(),
  WITHDRAW_ALL_CREDIT_REQUIRED: (details) =>
    details?.amount && details.currency && details.provider
      ? m.errors_withdraw_all_credit_required_amount({
          provider: PROVIDER_NAMES[details.provider],
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
  GAME_NOT_FOUND: (details) =>
    details?.provider
      ? m.errors_game_not_found_at({ provider: PROVIDER_NAMES[details.provider] })
      : m.errors_game_not_found(),
  GAME_REQUIRES_DEPOSIT: (details) =>
    details?.provider
      ? m.errors_game_requires_deposit_at({ provider: PROVIDER_NAMES[details.provider] })
      : m.errors_game_requires_deposit(),
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
} satisfies Catalogue

/**
 * Per operation, at compile time: the catalogue has a message for every code each operation
 * can answer, reading the details that operation's response gives that code. Names the
 * operations it misses (a type error here) otherwise.
 */
type UncoveredOperations = {
  [Op in OperationId]: typeof errorMessages extends OperationMessages<Op> ? never : Op
}[OperationId]
export const everyOperationCovered: [UncoveredOperations] extends [never]
  ? true
  : UncoveredOperations = true

type Messages = Partial<Record<string, AnyMessage>>

/** The catalogue's message of one code, with the details that code fills. */
export function messageForCode<C extends ErrorCode>(code: C, details: ErrorDetailsOf<C>): string {
  return (errorMessages as unknown as Messages)[code]!(details as AnyErrorDetails)
}

function messageOf(messages: Messages, code: string): AnyMessage | undefined {
  return Object.hasOwn(messages, code) ? messages[code] : undefined
}

/**
 * The player's message for anything a call (or code around it) threw. A code the build does
 * not know yet (a newer backend) reads as an unexpected response instead of a raw code.
 * Where the player may need staff (the server failed, an account used elsewhere, a code we do
 * not know), the error's request id follows: staff look the request up with it (decision 005).
 */
export function errorMessage(error: unknown): string {
  const message = isApiError(error)
    ? messageOf(errorMessages as unknown as Messages, error.code)
    : undefined
  const known = isApiError(error) && message !== undefined
  const text = known
    ? message(error.details, error.retryAfterSeconds)
    : errorMessages.UNEXPECTED_RESPONSE()
  if (!isApiError(error) || !error.requestId) return text
  const forStaff = !known || error.status >= 500 || error.code === 'ACCOUNT_IN_USED'
  return forStaff ? `${text} ${m.errors_request_reference({ requestId: error.requestId })}` : text
}
