import type { AnyFormApi } from '@tanstack/react-form'
import { isApiError } from '~/lib/api/error'
import { errorMessage } from '~/domain/error-messages'
import { setServerFieldErrors, type ErrorText } from '~/ui/form'

/** The sentence for one entry of a 400's `fields[]` (its field and the rule it broke). */
export type FieldRuleMessage = (field: string, rule: string) => string

/**
 * Puts a failed submit's error where the player looks for it (spec section 8): the entries of
 * `fields[]` and a `details.field` that name one of `fieldNames` at that field, anything else as
 * the form's alert. `fields[]` entries say the error's own message unless the form names each
 * rule itself (`ruleMessage`: the account forms). Returns the error for the alert (show it with
 * `errorMessage`), or undefined when every part went to a field.
 */
export function placeServerErrors(
  form: AnyFormApi,
  error: unknown,
  fieldNames: readonly string[],
  ruleMessage?: FieldRuleMessage,
): unknown {
  if (!isApiError(error)) return error
  const atFields: Record<string, ErrorText> = {}
  for (const entry of error.fields ?? []) {
    if (!fieldNames.includes(entry.field)) continue
    atFields[entry.field] ??= ruleMessage
      ? () => ruleMessage(entry.field, entry.code)
      : () => errorMessage(error)
  }
  const detailField = error.details?.field
  if (detailField && fieldNames.includes(detailField)) {
    atFields[detailField] ??= () => errorMessage(error)
  }
  if (Object.keys(atFields).length === 0) return error
  setServerFieldErrors(form, atFields)
  return undefined
}
