import { ToggleButton } from 'react-aria-components'
import { TextField, type TextFieldProps } from './text-field'

export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /** Shown as plain text; one toggle drives every password field of a form. */
  isRevealed?: boolean
}

/** A password input. Autocomplete hints let password managers fill and save it. */
export function PasswordField({
  isRevealed = false,
  autoComplete = 'current-password',
  ...props
}: PasswordFieldProps) {
  return (
    <TextField
      {...props}
      type={isRevealed ? 'text' : 'password'}
      autoComplete={autoComplete}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck="false"
    />
  )
}

type RevealToggleProps = {
  label: string
  isSelected: boolean
  onChange: (isSelected: boolean) => void
}

/**
 * The show/hide switch shared by the password fields of a form. Its name stays the same and
 * `aria-pressed` tells the state, as a toggle button should.
 */
export function PasswordRevealToggle({ label, isSelected, onChange }: RevealToggleProps) {
  return (
    <ToggleButton
      isSelected={isSelected}
      onChange={onChange}
      className="inline-flex min-h-11 cursor-pointer items-center gap-2 self-start rounded-lg px-2 text-sm text-ink-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-accent selected:text-accent"
    >
      {({ isSelected: shown }) => (
        <>
          <EyeIcon crossed={!shown} />
          {label}
        </>
      )}
    </ToggleButton>
  )
}

/** An eye, crossed out while the passwords are hidden; decorative (the label names it). */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-5"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  )
}
