import { useRef, type ReactNode, type RefObject } from 'react'
import type { AriaMenuOptions } from 'react-aria/useMenu'
import type { RootMenuTriggerState } from 'react-stately/useMenuTriggerState'
import {
  Header,
  Menu as AriaMenu,
  MenuContext,
  MenuItem as AriaMenuItem,
  MenuSection,
  OverlayTriggerStateContext,
  Popover,
  PopoverContext,
  Provider,
  RootMenuTriggerStateContext,
  type Key,
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

/** One entry of a menu given as data (`MenuOptions`, `LazyMenu`). */
export type MenuOption = {
  id: string
  /** What type-ahead matches and screen readers read when the content is not plain text. */
  textValue: string
  children: ReactNode
  /** A link entry (opened like a link); `target`/`rel` as on `<a>`. */
  href?: string
  target?: string
  rel?: string
  lang?: string
}

export type MenuOptionsProps = {
  options: readonly MenuOption[]
  /** A visible heading above the entries. */
  label?: string
  selectionMode?: 'single'
  selectedKeys?: Iterable<Key>
  onAction?: (key: Key) => void
  /** Shown when there are no options. */
  empty?: ReactNode
}

/** What `LazyMenu` hands its dropdown: the trigger's state, ref and menu props. */
type TriggerLink = {
  state: RootMenuTriggerState
  menuProps: AriaMenuOptions<unknown>
  triggerRef: RefObject<HTMLButtonElement | null>
}

/**
 * The dropdown of a menu built from data: `MenuPopover` with one `MenuItem` an option. Given
 * `trigger` (from `LazyMenu`), it provides the contexts react-aria's MenuTrigger would.
 */
export function MenuOptions({ trigger, ...props }: MenuOptionsProps & { trigger?: TriggerLink }) {
  const scrollRef = useRef<HTMLDivElement>(null)
  if (!trigger) return <MenuOptionsPopover {...props} />
  const { state, menuProps, triggerRef } = trigger
  return (
    <Provider
      values={[
        [MenuContext, { ...menuProps, ref: scrollRef }],
        [OverlayTriggerStateContext, state],
        [RootMenuTriggerStateContext, state],
        [
          PopoverContext,
          {
            trigger: 'MenuTrigger',
            triggerRef,
            scrollRef,
            placement: 'bottom start',
            'aria-labelledby': menuProps['aria-labelledby'],
          },
        ],
      ]}
    >
      <MenuOptionsPopover {...props} />
    </Provider>
  )
}

function MenuOptionsPopover({ options, label, empty, ...props }: MenuOptionsProps) {
  const items = options.map(({ id, children, ...item }) => (
    <MenuItem key={id} id={id} {...item}>
      {children}
    </MenuItem>
  ))
  return (
    <MenuPopover {...props} {...(empty ? { renderEmptyState: () => empty } : {})}>
      {label ? (
        <MenuSection>
          <Header className="px-3 pt-2 pb-1 text-xs text-ink-muted">{label}</Header>
          {items}
        </MenuSection>
      ) : (
        items
      )}
    </MenuPopover>
  )
}
