import { useSelector } from '@tanstack/react-form'
import type { ReactNode } from 'react'
import { Button, type ButtonProps } from './button'
import { useFieldContext, useFormContext } from './form-context'
import { PasswordField } from './password-field'
import { TextField } from './text-field'

/**
 * An error as the form stores it. A function is translated when shown, so a language switch
 * re-renders errors already on screen in the new language.
 */
export type ErrorText = string | (() => string)

/**
 * The first error of a field as text. Errors arrive as strings or thunks (ours, server
 * errors) or as Standard Schema issues, possibly nested in arrays.
 */
export function firstErrorText(errors: readonly unknown[]): string | undefined {
  for (const error of errors) {
    if (typeof error === 'function') {
      const text: unknown = error()
      if (typeof text === 'string' && text) return text
    }
    if (typeof error === 'string' && error) return error
    if (Array.isArray(error)) {
      const nested = firstErrorText(error)
      if (nested) return nested
    }
    if (typeof error === 'object' && error !== null && 'message' in error) {
      const { message } = error as { message: unknown }
      if (typeof message === 'string' && message) return message
    }
  }
  return undefined
}

/** The same errors: the form derives a new list on every change of a field's meta. */
const sameErrors = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((error, i) => error === b[i])

export function useFieldError() {
  const field = useFieldContext<string>()
  // Compared item by item: a field mounting sets its meta in the form (a new, equally empty
  // list), which otherwise re-renders every field of a page's first load once more.
  const errors = useSelector(field.store, (state) => state.meta.errors, { compare: sameErrors })
  return firstErrorText(errors)
}

/**
 * What the surrounding `form.AppField` gives its input: the field's name, value, change and
 * blur handlers, and its first error as text.
 */
export function useBoundField<T>() {
  const field = useFieldContext<T>()
  const value = useSelector(field.store, (state) => state.value)
  const errorMessage = useFieldError()
  return {
    name: field.name,
    value,
    onChange: field.handleChange,
    onBlur: field.handleBlur,
    errorMessage,
  }
}

type BoundFieldProps = {
  label: string
  description?: ReactNode
  autoComplete?: string
}

type BoundTextFieldProps = BoundFieldProps & {
  autoCapitalize?: 'none' | 'sentences' | 'words' | 'characters'
  spellCheck?: 'true' | 'false'
  /** Mobile keyboards: `decimal` for amounts (a separator key as well as digits). */
  inputMode?: 'text' | 'numeric' | 'decimal'
  /**
   * What the field shows once the player leaves it, from what they typed (an amount read and
   * written back in the language's own form): the value checked and sent is what they see.
   */
  showBack?: (typed: string) => string
  /** Shown and sent as it is (an amount the rules fix), not typed. */
  isReadOnly?: boolean
}

/** A TextField bound to the surrounding `form.AppField`. */
export function FormTextField({ showBack, ...props }: BoundTextFieldProps) {
  const field = useFieldContext<string>()
  const bound = useBoundField<string>()
  // What the player typed, shown back in its written form when they leave the field.
  const onBlur = () => {
    const shown = showBack?.(field.state.value)
    if (shown !== undefined && shown !== field.state.value) field.handleChange(shown)
    field.handleBlur()
  }
  return <TextField {...bound} {...props} onBlur={onBlur} />
}

/** A PasswordField bound to the surrounding `form.AppField`. */
export function FormPasswordField(props: BoundFieldProps & { isRevealed?: boolean }) {
  return <PasswordField {...useBoundField<string>()} {...props} />
}

/**
 * The submit button of the surrounding form. It shows a spinner and ignores presses while
 * the form submits (which includes the awaited request), so a double click sends once.
 * It does not follow `canSubmit`: with server errors in the form that would lock it.
 */
export function SubmitButton({
  children,
  isLoading,
  ...props
}: Omit<ButtonProps, 'type'> & { children: ReactNode }) {
  const form = useFormContext()
  const isSubmitting = useSelector(form.store, (state) => state.isSubmitting)
  return (
    <Button {...props} type="submit" isLoading={isSubmitting || isLoading}>
      {children}
    </Button>
  )
}
