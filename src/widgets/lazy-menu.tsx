import { useRef, type ReactElement } from 'react'
// The same hooks react-aria-components' MenuTrigger is made of. MenuTrigger itself lives in a
// module that also defines Menu, its collection classes and imports Popover: using it would
// put all of react-aria's menu machinery in the entry chunk.
import { ButtonContext } from 'react-aria-components'
import { useMenuTrigger } from 'react-aria/useMenu'
import { useMenuTriggerState } from 'react-stately/useMenuTriggerState'
import { afterNextPaint } from '~/lib/idle'
import { LazyOverlay, lazyOverlay } from '~/ui/lazy-overlay'
import type { MenuOptionsProps } from '~/ui/menu'

const MenuOptions = lazyOverlay(async () => (await import('~/ui/menu')).MenuOptions)

type LazyMenuProps = MenuOptionsProps & {
  /** The trigger: a react-aria `Button`, drawn with the first screen. */
  children: ReactElement
}

/**
 * A menu whose trigger is on the first screen and whose dropdown (react-aria's Menu and
 * Popover) loads on first open, its code fetched ahead once the page has settled (`LazyOverlay`). It is react-aria's
 * MenuTrigger taken apart: the trigger gets the same props (Enter, Space or the arrows open
 * it; `aria-haspopup`, `aria-expanded`), and `MenuOptions` gives the dropdown the contexts
 * MenuTrigger would (so the first or last item takes focus, Escape closes, focus returns).
 *
 * The menu opens once the frame that shows the press is painted: drawn inside the press, the
 * popover and its entries mounting left the tap unanswered on a slow phone
 * (`npm run bench:interactions`, decision 020). Closing stays immediate.
 */
export function LazyMenu({ children, ...options }: LazyMenuProps) {
  const opened = useMenuTriggerState({})
  const state: typeof opened = {
    ...opened,
    open: (focusStrategy) => void afterNextPaint(() => opened.open(focusStrategy)),
    toggle: (focusStrategy) => void afterNextPaint(() => opened.toggle(focusStrategy)),
  }
  const triggerRef = useRef<HTMLButtonElement>(null)
  const { menuTriggerProps, menuProps } = useMenuTrigger({ type: 'menu' }, state, triggerRef)
  return (
    <>
      {/* The trigger's props reach the Button through its public context (MenuTrigger hands
          them over with a private responder of react-aria's). */}
      <ButtonContext.Provider
        value={{ ...menuTriggerProps, ref: triggerRef, isPressed: state.isOpen }}
      >
        {children}
      </ButtonContext.Provider>
      <LazyOverlay isOpen={state.isOpen}>
        <MenuOptions {...options} trigger={{ state, menuProps, triggerRef }} />
      </LazyOverlay>
    </>
  )
}
