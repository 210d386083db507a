/// <reference types="vite-plugin-pwa/client" />
import { whenIdle, whenLoaded } from './idle'

/** How long registration waits for an idle moment after `load` at most (ms). */
const IDLE_TIMEOUT_MS = 5_000

/**
 * Registers the service worker Workbox generated (config/pwa.ts, decision 017) after the page
 * has loaded and the main thread is idle, so the first visit's paint and input never wait for
 * it; workbox-window arrives in its own chunk then. A new deploy's worker waits: `onNeedRefresh`
 * gets the function that activates it and reloads the page (the player's "reload to update").
 * The dev server has no worker.
 */
export async function registerServiceWorker(onNeedRefresh: (reload: () => void) => void) {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
  await whenLoaded()
  await whenIdle(IDLE_TIMEOUT_MS)
  const { registerSW } = await import('virtual:pwa-register')
  const update = registerSW({
    onNeedRefresh: () => onNeedRefresh(() => void update(true)),
  })
}

/** Chromium's install event (not in TypeScript's DOM types). */
type BeforeInstallPromptEvent = Event & { prompt: () => Promise<unknown> }

/** Where the install offer remembers it was made: it is made once per browser. */
export const INSTALL_OFFERED_KEY = 'pwa:install-offered'

/**
 * Calls `offer` with the browser's install prompt the first time the browser says the site can
 * be installed; after that the browser's own menu is left to do it. Returns the unsubscribe.
 * (Safari has no such event: its players use Share > Add to Home Screen.)
 */
export function onInstallOffer(offer: (install: () => void) => void): () => void {
  const listener = (event: Event) => {
    if (localStorage.getItem(INSTALL_OFFERED_KEY)) return
    event.preventDefault()
    localStorage.setItem(INSTALL_OFFERED_KEY, new Date().toISOString())
    offer(() => void (event as BeforeInstallPromptEvent).prompt())
  }
  window.addEventListener('beforeinstallprompt', listener)
  return () => window.removeEventListener('beforeinstallprompt', listener)
}
