import { useSyncExternalStore } from 'react'
import { Button } from 'react-aria-components'
import { m } from '~generated/paraglide/messages'
import { Icon } from '~/ui/icon'

/** Spec section 9: the button appears once the page is scrolled more than 500 px. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 500

function subscribeScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true })
  return () => window.removeEventListener('scroll', onChange)
}

const isPastThreshold = () => window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX

/** Smoothly, unless the player asked the system for reduced motion. */
export function scrollToTop() {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  window.scrollTo({ top: 0, behavior: reduced ? 'instant' : 'smooth' })
}

export function ScrollToTop() {
  // A boolean snapshot: the component re-renders only when the threshold is crossed.
  const visible = useSyncExternalStore(subscribeScroll, isPastThreshold, () => false)
  if (!visible) return null
  return (
    <Button
      aria-label={m.layout_scroll_to_top()}
      onPress={scrollToTop}
      className="fixed right-4 bottom-24 z-30 grid size-12 cursor-pointer place-items-center rounded-full bg-gradient-to-br from-accent to-accent-2 text-surface shadow-lg hover:brightness-110 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent bar:bottom-6"
    >
      <Icon name="arrowUp" className="size-6" />
    </Button>
  )
}
