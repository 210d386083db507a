import {
  Button as AriaButton,
  composeRenderProps,
  type ButtonProps as AriaButtonProps,
} from 'react-aria-components'
import { Spinner } from './spinner'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-gradient-to-r from-accent to-accent-2 text-surface font-semibold shadow hover:brightness-110 pressed:brightness-95',
  secondary: 'border border-line bg-surface-raised text-ink hover:bg-surface-overlay',
  ghost: 'text-ink hover:bg-surface-overlay',
  danger: 'bg-gradient-to-r from-danger to-accent-2 text-surface font-semibold',
}

export type ButtonProps = AriaButtonProps & {
  variant?: ButtonVariant
  /** Shows a spinner and disables the button (spec: a loading button is disabled). */
  isLoading?: boolean
}

/**
 * The one button. `isLoading` maps to react-aria's `isPending`, which keeps focus, announces
 * progress and ignores presses, so a double click while a request runs sends nothing more.
 */
export function Button({
  variant = 'primary',
  isLoading = false,
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <AriaButton
      {...props}
      isPending={isLoading || props.isPending}
      className={composeRenderProps(
        className,
        (extra) =>
          `inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm transition focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-50 pending:cursor-wait pending:opacity-50 ${variants[variant]} ${extra ?? ''}`,
      )}
    >
      {composeRenderProps(children, (content, { isPending }) => (
        <>
          {isPending && <Spinner />}
          {content}
        </>
      ))}
    </AriaButton>
  )
}
