import {
  Button as AriaButton,
  composeRenderProps,
  type ButtonProps as AriaButtonProps,
} from 'react-aria-components'
import { cva, type VariantProps } from 'class-variance-authority'
import { Spinner } from './spinner'

/**
 * The button look (class-variance-authority, 0.4 KB gz where tailwind-variants' lite build was
 * ~5 KB in every first load: see docs/decisions/008-house-rules.md; nothing merges classes, so
 * a `className` must not repeat a property of the look).
 * Also for elements that must stay links (`<Link>` to a page) but read as a call to action:
 * a link that looks like a button keeps its link semantics (new tab, preload).
 */
export const buttonStyles = cva(
  // Focus ring always visible on keyboard focus; disabled halves opacity (spec).
  'inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg py-2 transition focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-50 pending:cursor-wait pending:opacity-50',
  {
    variants: {
      variant: {
        primary:
          'bg-gradient-to-r from-accent to-accent-2 text-surface font-semibold shadow hover:brightness-110 pressed:brightness-95',
        secondary: 'border border-line bg-surface-raised text-ink hover:bg-surface-overlay',
        ghost: 'text-ink hover:bg-surface-overlay',
        danger: 'bg-gradient-to-r from-danger to-accent-2 text-surface font-semibold',
      },
      // 44x44 px by default (WCAG 2.5.5 target size); `compact` (40 px, still far above the
      // 24 px minimum) only where phone headers need the room, back to 44 px from 577 px up.
      size: {
        md: 'min-h-11 min-w-11 px-4 text-sm',
        lg: 'min-h-12 min-w-12 px-6 text-base',
        compact:
          'min-h-10 min-w-10 px-2.5 text-xs whitespace-nowrap bar:min-h-11 bar:px-4 bar:text-sm',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
)

export type ButtonStyle = VariantProps<typeof buttonStyles>
export type ButtonVariant = NonNullable<ButtonStyle['variant']>

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
      className={composeRenderProps(className, (extra) =>
        buttonStyles({ variant, className: extra }),
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
