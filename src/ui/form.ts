import { createFormHook, revalidateLogic, type AnyFormApi } from '@tanstack/react-form'
import type { FormEvent } from 'react'
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

/** Forms whose submit is waiting or running: a second submit meanwhile is ignored. */
const submitting = new WeakSet<object>()

type SubmittableForm = Pick<AnyFormApi, 'state' | 'store' | 'handleSubmit'>

/** Resolves once no validator of the form runs (a debounced async check, e.g. the username). */
function whenValidated(form: SubmittableForm): Promise<void> {
  // The form's own `isValidating` leaves out its fields' async checks: each field says its own.
  const validating = () =>
    form.state.isValidating ||
    Object.values(form.state.fieldMeta).some((meta) => meta?.isValidating === true)
  if (!validating()) return Promise.resolve()
  return new Promise((resolve) => {
    const subscription = form.store.subscribe(() => {
      if (validating()) return
      subscription.unsubscribe()
      resolve()
    })
  })
}

/**
 * The `<form onSubmit>` of every form: the browser never submits, and a submit while one is
 * still running is ignored, so a double click (or Enter twice) sends one request.
 * A submit while an async check still runs (TanStack Form refuses it: `canSubmit` is false
 * while validating, and the press would be lost) waits for the check, then goes on.
 */
export function submitOnce(form: SubmittableForm) {
  return (event: FormEvent) => {
    event.preventDefault()
    if (submitting.has(form) || form.state.isSubmitting) return
    submitting.add(form)
    void whenValidated(form)
      .then(() => form.handleSubmit())
      .finally(() => submitting.delete(form))
  }
}

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
