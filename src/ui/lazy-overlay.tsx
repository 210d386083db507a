import {
  createElement,
  Suspense,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react'
import { lazyRetry } from './lazy-retry'

/**
 * Overlays (menus, drawers, the toast region) and react-aria's machinery for them (focus
 * scopes, collections, selection, positioning) are not needed to draw the first screen:
 * their code is a chunk of its own, mounted from the first opening on. So that a
 * first opening does not wait for the network, the app fetches that code once the page has
 * settled (`preloadOverlays`), one chunk per idle period. It mounts nothing: a closed menu
 * mounted ahead renders its whole collection in a hidden tree, and mounting them all at once
 * was a long task of its own (80-110 ms in a 4x CPU profile of /login). Once
 * mounted an overlay stays mounted (a closing overlay animates out).
 */
const loaders: (() => Promise<unknown>)[] = []
let preloaded = false

/**
 * Registers a lazy overlay's code (for `lazy`) to be fetched by `preloadOverlays`, at once if
 * that has already run.
 */
export function overlayCode<T>(load: () => Promise<T>): () => Promise<T> {
  loaders.push(load)
  if (preloaded) void load().catch(() => {})
  return load
}

/**
 * Fetches and evaluates every registered overlay's code, each after `nextIdle` (one chunk per
 * idle period, never in a task of the first screen). A failed fetch is left to the opening,
 * which shows it (the chunk error reload, src/lib/reload-on-chunk-error.ts).
 */
export async function preloadOverlays(nextIdle: () => Promise<void>) {
  if (preloaded) return
  preloaded = true
  for (const load of [...loaders]) {
    await nextIdle()
    await load().catch(() => {})
  }
}

/**
 * A module the first screen can do without though the page uses it soon (the game grid's
 * virtualiser for the rows below the screen), fetched with the overlays' code once the page
 * has settled, or at once by `load` (the player scrolled). `useModule` gives it once it is in,
 * undefined before; the page draws without it meanwhile. A failed fetch leaves it undefined
 * (the chunk error reload, src/lib/reload-on-chunk-error.ts, handles a new deploy).
 */
export function settledModule<T>(load: () => Promise<T>) {
  let loaded: T | undefined
  const listeners = new Set<() => void>()
  const code = overlayCode(async () => {
    loaded ??= await load()
    for (const notify of listeners) notify()
    return loaded
  })
  const subscribe = (notify: () => void) => {
    listeners.add(notify)
    return () => void listeners.delete(notify)
  }
  const current = () => loaded
  return {
    load: () => void code().catch(() => {}),
    useModule: () => useSyncExternalStore(subscribe, current, current),
  }
}

/**
 * An overlay component loaded lazily (for `LazyOverlay`), its code registered with
 * `overlayCode`: `lazyOverlay(async () => (await import('./menu')).MenuOptions)`.
 *
 * Mounted after its code is in (preloaded, the usual case), it renders the component itself
 * at once. `lazy` alone suspends on its first render even then (its promise settles a
 * microtask later): React showed the boundary's fallback, retried after its fallback throttle
 * and committed again, a task of its own on every page once the toast region mounted at idle
 * (a 4x CPU profile). Each mount keeps the component it started with, so an
 * overlay opened before its code arrived is never swapped (and its state lost) when it does.
 */
export function lazyOverlay<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined
  const code = overlayCode(async () => (loaded ??= await load()))
  const Lazy = lazyRetry(code)
  return function LazyLoaded(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy)
    return createElement(Component, props)
  }
}

/** Whether a lazy overlay should be mounted: it has been opened (and stays mounted since). */
export function useOverlayMounted(isOpen: boolean): boolean {
  const [opened, setOpened] = useState(isOpen)
  if (isOpen && !opened) setOpened(true)
  return opened || isOpen
}

/** Renders a lazily loaded overlay once `useOverlayMounted` says so; nothing while it loads. */
export function LazyOverlay({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  const mounted = useOverlayMounted(isOpen)
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null
}
