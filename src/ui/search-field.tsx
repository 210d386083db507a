import {
  Button,
  Input,
  Label,
  SearchField as AriaSearchField,
  type SearchFieldProps as AriaSearchFieldProps,
} from 'react-aria-components'
import { fieldInputClass } from './text-field'

export type SearchFieldProps = Omit<AriaSearchFieldProps, 'children' | 'className'> & {
  label: string
  placeholder?: string
  /** The clear button's name (react-aria ships no Lao or Thai strings of its own). */
  clearLabel: string
  className?: string
}

/**
 * A search box (react-aria: `type=search`, Escape clears, a clear button once there is text).
 * The label stays visible: a placeholder alone is not a name.
 */
export function SearchField({
  label,
  placeholder,
  clearLabel,
  className,
  ...props
}: SearchFieldProps) {
  return (
    <AriaSearchField {...props} className={`group flex flex-col gap-1.5 ${className ?? ''}`}>
      <Label className="text-sm font-medium text-ink">{label}</Label>
      <div className="relative">
        <Input
          placeholder={placeholder}
          className={`${fieldInputClass} pr-12 [&::-webkit-search-cancel-button]:hidden`}
        />
        <Button
          aria-label={clearLabel}
          className="absolute top-1/2 right-1 grid size-10 -translate-y-1/2 cursor-pointer place-items-center rounded-md text-ink-muted group-empty:hidden hover:bg-surface-overlay focus-visible:outline-3 focus-visible:outline-accent"
        >
          <span aria-hidden="true">✕</span>
        </Button>
      </div>
    </AriaSearchField>
  )
}
