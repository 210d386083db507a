import { createFormHook, revalidateLogic, type AnyFormApi } from '@tanstack/react-form'
import type * as z from 'zod/mini'
import { fieldContext, formContext } from './form-context'
import { FormPasswordField, FormTextField, SubmitButton, type ErrorText } from './form-fields'

export type { ErrorText }

/**
 * The app's form hook: `form.AppField` children get `field.TextField` / `field.PasswordField`
 * (choice cards: `FormChoiceCards`), `form.AppForm` children get `form.SubmitButton`.
 */
export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField: FormTextField, PasswordField: FormPasswordField },
  formComponents: { SubmitButton },
})

/**
 * Validate on submit first, then on every change (docs/toolchain.md: with zod 4 this is the
 * combination that does not leave a form-level error keeping `canSubmit` false).
 * Use with `validators: { onDynamic: ... }`.
 */
export const submitThenChange = () =>
  revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' })

export type IssueTranslator<T> = (issue: z.core.$ZodIssue, values: T) => string

/**
 * A form-level `onDynamic` validator from a zod schema (the contract's, from generated/zod)
 * whose issues are translated by the feature: the generated schemas carry English defaults,
 * the player reads their own language (translated when shown). The first issue of each
 * field wins.
 */
export function zodFormValidator<T>(schema: z.ZodMiniType<T>, translate: IssueTranslator<T>) {
  return ({ value }: { value: T }) => {
    const result = schema.safeParse(value)
    if (result.success) return undefined
    const fields: Record<string, ErrorText> = {}
    for (const issue of result.error.issues) {
      const path = issue.path.join('.')
      fields[path] ??= () => translate(issue, value)
    }
    return { fields }
  }
}

/**
 * Shows server errors at fields. They are stored like a form validator's errors (source
 * "form" under the server key), so the next validation run after a change or a submit
 * clears them, as it does for our own rules.
 */
export function setServerFieldErrors(form: AnyFormApi, errors: Record<string, ErrorText>) {
  for (const [name, message] of Object.entries(errors)) {
    form.setFieldMeta(name, (meta) => ({
      ...meta,
      errorMap: { ...meta.errorMap, onServer: message },
      errorSourceMap: { ...meta.errorSourceMap, onServer: 'form' },
    }))
  }
}
