import * as z from 'zod/mini'
import * as rules from '~generated/api/rules'
import { zChangePasswordRequest, zLoginRequest, zRegisterRequest } from '~generated/zod/zod.gen'
import { m } from '~generated/paraglide/messages'
import { errorMessages } from '~/domain/error-messages'
import { submitThenChange, zodFormValidator } from '~/ui/form'

// Bounds are read from the contract (generated/api/rules), never restated in src/.
export const USERNAME_MIN_LENGTH = rules.Username.minLength
export const USERNAME_MAX_LENGTH = rules.Username.maxLength
export const PASSWORD_MIN_LENGTH = rules.Password.minLength
export const PASSWORD_MAX_LENGTH = rules.Password.maxLength

const notMatch = { error: () => m.password_validation_password_not_match() }

/** Login: the contract's request schema as it is. */
export const loginFormSchema = zLoginRequest
export type LoginValues = z.infer<typeof loginFormSchema>

/**
 * Register: the contract's request without the fingerprint (added when sending), plus the
 * one rule the UI adds: the confirmation must match.
 */
export const registerFormSchema = z
  .omit(zRegisterRequest, { fingerprint: true })
  .check(
    z.refine((v) => v.password === v.confirmPassword, { ...notMatch, path: ['confirmPassword'] }),
  )
export type RegisterValues = z.infer<typeof registerFormSchema>

/** Change password (spec section 5): the contract's request plus the match rule. */
export const changePasswordFormSchema = zChangePasswordRequest.check(
  z.refine((v) => v.newPassword === v.confirmNewPassword, {
    ...notMatch,
    path: ['confirmNewPassword'],
  }),
)
export type ChangePasswordValues = z.infer<typeof changePasswordFormSchema>

const usernameLength = () =>
  m.account_validation_username_length({ min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH })

type TranslateOptions = {
  /** Password fields where an empty value reads "please enter password" (spec: confirm). */
  requiredPasswordFields: readonly string[]
}

/**
 * The player's message for a zod issue on an account form. Lengths come from the issue,
 * i.e. from the contract's schema.
 */
export function translateAccountIssue(
  issue: z.core.$ZodIssue,
  values: Record<string, unknown>,
  { requiredPasswordFields }: TranslateOptions,
): string {
  const field = String(issue.path[0] ?? '')
  const empty = values[field] === ''
  if (issue.code === 'custom') return issue.message
  if (field === 'username') {
    if (empty) return m.account_validation_please_enter_username()
    if (issue.code === 'invalid_format') return m.account_validation_username_pattern()
    return usernameLength()
  }
  if (empty && requiredPasswordFields.includes(field)) {
    return m.password_validation_please_enter_password()
  }
  if (issue.code === 'too_small') {
    return m.password_validation_password_must_greater_than({ value: Number(issue.minimum) })
  }
  if (issue.code === 'too_big') {
    return m.password_validation_password_too_long({ value: Number(issue.maximum) })
  }
  return errorMessages.VALIDATION_FAILED()
}

/** The player's message for one entry of a server 400's `fields[]` (rule names per contract). */
export function serverFieldMessage(field: string, rule: string): string {
  if (field === 'username') {
    if (rule === 'required') return m.account_validation_please_enter_username()
    if (rule === 'pattern') return m.account_validation_username_pattern()
    return usernameLength()
  }
  if (rule === 'required') return m.password_validation_please_enter_password()
  if (rule === 'mismatch') return m.password_validation_password_not_match()
  if (rule === 'minLength') {
    return m.password_validation_password_must_greater_than({ value: PASSWORD_MIN_LENGTH })
  }
  if (rule === 'maxLength') {
    return m.password_validation_password_too_long({ value: PASSWORD_MAX_LENGTH })
  }
  return errorMessages.VALIDATION_FAILED()
}

/**
 * The validation options of an account form (login, register, change password): on submit,
 * then on every change, each zod issue in the account forms' words.
 */
export function accountFormValidation<T extends Record<string, unknown>>(
  schema: z.ZodMiniType<T>,
  requiredPasswordFields: readonly (keyof T & string)[],
) {
  return {
    validationLogic: submitThenChange(),
    validators: {
      onDynamic: zodFormValidator(schema, (issue, values) =>
        translateAccountIssue(issue, values, { requiredPasswordFields }),
      ),
    },
  }
}
