import { useSyncExternalStore } from 'react'
import { Button } from 'react-aria-components'
import { m } from '~generated/paraglide/messages'
import { afterNextPaint } from '~/lib/idle'
import { Icon } from '~/ui/icon'

/** Spec section 9: the button appears once the page is scrolled more than 500 px. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 500

/**
 * Whether the page is past the threshold, read only in a scroll event or on subscribing.
 * Reading `window.scrollY` makes the browser lay the page out at once; as a snapshot React
 * read it on every render and commit, so the first load's layout ran inside React's commit
 * (a 180-250 ms task of /login at 4x CPU slowdown). The first read waits for the
 * first paint too: React subscribes in a passive effect, but after a synchronous render (the
 * router's and Query's stores update synchronously) it runs those effects at the end of the
 * commit, before the browser has laid the page out, so reading there forced the whole first
 * layout into the commit's task (233 ms of a 660 ms task in a 4x CPU
 * profile of /login).
 */
let pastThreshold = false

function subscribeScroll(onChange: () => void) {
  const update = () => {
    const past = window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX
    if (past === pastThreshold) return
    pastThreshold = past
    onChange()
  }
  window.addEventListener('scroll', update, { passive: true })
  // A page that opens already scrolled (history restores its place).
  const cancel = afterNextPaint(update)
  return () => {
    cancel()
    window.removeEventListener('scroll', update)
  }
}

const isPastThreshold = () => pastThreshold

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
