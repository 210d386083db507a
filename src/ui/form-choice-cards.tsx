import { useStore } from '@tanstack/react-form'
import type { ReactNode } from 'react'
import { ChoiceCards, type ChoiceCard } from './choice-cards'
import { useFieldContext } from './form-context'
import { useFieldError } from './form-fields'

// Not one of the form hook's field components (ui/form.ts): those are imported by every form,
// and the login and register forms would carry the radio group for nothing (3 KB gz, measured).

/**
 * ChoiceCards (one of a few: providers, banks, payment channels) bound to the surrounding
 * `form.AppField`: `{() => <FormChoiceCards ... />}`.
 */
export function FormChoiceCards<T extends string>({
  label,
  description,
  choices,
  columns,
}: {
  label: string
  description?: ReactNode
  choices: readonly ChoiceCard<T>[]
  /** Tailwind grid columns (ChoiceCards' `columns`). */
  columns?: string
}) {
  const field = useFieldContext<T | null>()
  const value = useStore(field.store, (state) => state.value)
  const error = useFieldError()
  return (
    <ChoiceCards<T>
      name={field.name}
      label={label}
      description={description}
      choices={choices}
      columns={columns}
      value={value}
      onChange={field.handleChange}
      errorMessage={error}
    />
  )
}
