import type { AnyFormApi } from '@tanstack/react-form'
import type { FormEvent } from 'react'
import { nextPaint } from '~/lib/idle'

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
 *
 * The submit runs once the frame that shows the press is painted: TanStack Form's submit
 * touches and validates every field and marks the form submitting, each a synchronous render
 * of the fields it changes, which inside the press's task kept the tap unanswered on a slow
 * phone (`npm run bench:interactions`, decision 020). The press is refused again from the
 * press itself, not a frame later.
 *
 * A submit while an async check still runs (TanStack Form refuses it: `canSubmit` is false
 * while validating, and the press would be lost) waits for the check, then goes on.
 */
export function submitOnce(form: SubmittableForm) {
  return (event: FormEvent) => {
    event.preventDefault()
    if (submitting.has(form) || form.state.isSubmitting) return
    submitting.add(form)
    void nextPaint()
      .then(() => whenValidated(form))
      .then(() => form.handleSubmit())
      .finally(() => submitting.delete(form))
  }
}
