import { Suspense, useState, useSyncExternalStore, type ReactNode } from 'react'

/**
 * Overlays (menus, drawers, the toast region) and react-aria's machinery for them (focus
 * scopes, collections, selection, positioning) are not needed to draw the first screen
 * (issue 19): their code is a chunk of its own, mounted from the first opening on, or once
 * the app says the page is settled (`mountOverlays`, called at idle after the first load) so
 * that a first opening does not wait for the network. Once mounted they stay mounted (a
 * closing overlay animates out).
 */
let due = false
const listeners = new Set<() => void>()

/** From now on every lazy overlay mounts (and so loads its code), opened or not. */
export function mountOverlays() {
  if (due) return
  due = true
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Whether a lazy overlay should be mounted: it has been opened, or overlays are due. */
export function useOverlayMounted(isOpen: boolean): boolean {
  const overlaysDue = useSyncExternalStore(
    subscribe,
    () => due,
    () => false,
  )
  const [opened, setOpened] = useState(isOpen)
  if (isOpen && !opened) setOpened(true)
  return opened || overlaysDue
}

/** Renders a lazily loaded overlay once `useOverlayMounted` says so; nothing while it loads. */
export function LazyOverlay({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  const mounted = useOverlayMounted(isOpen)
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null
}
