import type { ReactNode } from 'react'
import {
  FieldError,
  Label,
  Radio,
  RadioGroup,
  Text,
  type RadioGroupProps,
} from 'react-aria-components'

export type ChoiceCard<T extends string> = {
  value: T
  /** The choice's name (a provider, a bank). */
  label: ReactNode
  /** A second line: a balance, an account number, a currency. */
  detail?: ReactNode
  /** A mark or logo shown before the label, decorative (the label names the choice). */
  mark?: ReactNode
  isDisabled?: boolean
}

type ChoiceCardsProps<T extends string> = Omit<
  RadioGroupProps,
  'children' | 'className' | 'value' | 'onChange'
> & {
  label: string
  choices: readonly ChoiceCard<T>[]
  value: T | null
  onChange: (value: T) => void
  description?: ReactNode
  /** The field's error, already translated; its presence marks the group invalid. */
  errorMessage?: string
  /** Tailwind grid columns, e.g. `grid-cols-2 sm:grid-cols-4` for the four providers. */
  columns?: string
}

/**
 * One choice among a few, shown as cards (providers with their credit, banks with their
 * mark): a react-aria RadioGroup, so arrow keys move between cards, the group has one tab
 * stop, and screen readers announce "radio, 2 of 4". Validation is the form's, as for text
 * fields (`validationBehavior="aria"`).
 */
export function ChoiceCards<T extends string>({
  label,
  choices,
  value,
  onChange,
  description,
  errorMessage,
  columns = 'grid-cols-2',
  isInvalid,
  ...props
}: ChoiceCardsProps<T>) {
  return (
    <RadioGroup
      {...props}
      value={value}
      onChange={(next) => onChange(next as T)}
      validationBehavior="aria"
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      className="flex flex-col gap-1.5"
    >
      <Label className="text-sm font-medium text-ink">{label}</Label>
      <div className={`grid gap-2 ${columns}`}>
        {choices.map((choice) => (
          <Radio
            key={choice.value}
            value={choice.value}
            isDisabled={choice.isDisabled}
            className="flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border border-line bg-surface-raised px-3 py-2 transition hover:bg-surface-overlay focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent selected:border-accent selected:bg-accent/10 disabled:cursor-not-allowed disabled:opacity-50 invalid:border-danger"
          >
            {choice.mark && (
              <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center">
                {choice.mark}
              </span>
            )}
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-semibold">{choice.label}</span>
              {choice.detail !== undefined && (
                <span className="truncate text-sm text-ink-muted tabular-nums">
                  {choice.detail}
                </span>
              )}
            </span>
          </Radio>
        ))}
      </div>
      {description && (
        <Text slot="description" className="text-sm text-ink-muted">
          {description}
        </Text>
      )}
      <FieldError className="text-sm text-danger">{errorMessage}</FieldError>
    </RadioGroup>
  )
}
