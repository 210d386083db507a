import type { ReactNode } from 'react'
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  Popover,
  composeRenderProps,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
} from 'react-aria-components'

type MenuPopoverProps<T> = AriaMenuProps<T> & { children: ReactNode }

/**
 * The dropdown part of a menu: place it after the trigger button inside a `MenuTrigger`.
 * Keyboard (arrows, type-ahead, Escape) and focus handling come from react-aria; the menu
 * is named by its trigger button (react-aria links them), so give the button a clear name.
 */
export function MenuPopover<T extends object>({
  children,
  className,
  ...props
}: MenuPopoverProps<T>) {
  return (
    <Popover
      placement="bottom end"
      offset={6}
      className="min-w-48 rounded-xl border border-line bg-surface-overlay p-1 shadow-xl outline-none motion-safe:entering:animate-fade-in motion-safe:exiting:animate-fade-out"
    >
      <AriaMenu
        {...props}
        className={composeRenderProps(
          className,
          (extra) => `max-h-[70dvh] overflow-auto outline-none ${extra ?? ''}`,
        )}
      >
        {children}
      </AriaMenu>
    </Popover>
  )
}

export function MenuItem(props: AriaMenuItemProps) {
  return (
    <AriaMenuItem
      {...props}
      className={composeRenderProps(
        props.className,
        (extra) =>
          `flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-ink outline-none focus:bg-surface-raised hover:bg-surface-raised selected:font-semibold selected:text-accent ${extra ?? ''}`,
      )}
    />
  )
}
