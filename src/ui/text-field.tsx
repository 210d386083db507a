import type { ReactNode, Ref } from 'react'
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components'

export type TextFieldProps = Omit<AriaTextFieldProps, 'children' | 'className'> & {
  label: string
  /** Help or status text under the input, linked with aria-describedby. */
  description?: ReactNode
  /** The field's error, already translated; its presence marks the field invalid. */
  errorMessage?: string
  placeholder?: string
  inputRef?: Ref<HTMLInputElement>
  className?: string
  /** Mobile keyboards: `none` keeps login names and passwords as typed. */
  autoCapitalize?: 'none' | 'sentences' | 'words' | 'characters'
}

export const fieldInputClass =
  'min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink outline-none transition placeholder:text-ink-muted focus-visible:border-accent focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-accent invalid:border-danger disabled:opacity-50'

/**
 * Label, input, description and error of one text input. Validation is owned by the form
 * (TanStack Form), so react-aria only renders the state: `validationBehavior="aria"` keeps
 * the browser's own bubbles away and `FieldError` shows our translated text.
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  inputRef,
  className,
  isInvalid,
  autoCapitalize,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      validationBehavior="aria"
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      className={`flex flex-col gap-1.5 ${className ?? ''}`}
    >
      <Label className="text-sm font-medium text-ink">{label}</Label>
      <Input
        ref={inputRef}
        placeholder={placeholder}
        autoCapitalize={autoCapitalize}
        className={fieldInputClass}
      />
      {description && (
        <Text slot="description" className="text-sm text-ink-muted">
          {description}
        </Text>
      )}
      <FieldError className="text-sm text-danger">{errorMessage}</FieldError>
    </AriaTextField>
  )
}
