import type { ReactNode } from 'react'
import { ChoiceCards, type ChoiceCard } from './choice-cards'
import { useBoundField } from './form-fields'

// Not one of the form hook's field components (ui/form.ts): those are imported by every form,
// and the login and register forms would carry the radio group for nothing (3 KB gz, measured).

/**
 * ChoiceCards (one of a few: providers, banks, payment channels) bound to the surrounding
 * `form.AppField`: `{() => <FormChoiceCards ... />}`.
 */
export function FormChoiceCards<T extends string>(props: {
  label: string
  description?: ReactNode
  choices: readonly ChoiceCard<T>[]
  /** Tailwind grid columns (ChoiceCards' `columns`). */
  columns?: string
}) {
  const { name, value, onChange, errorMessage } = useBoundField<T | null>()
  return (
    <ChoiceCards<T>
      {...props}
      name={name}
      value={value}
      onChange={onChange}
      errorMessage={errorMessage}
    />
  )
}
