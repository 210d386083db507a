/// <reference types="vite-plugin-pwa/client" />
import { markIdleWork, whenIdle, whenLoaded } from './idle'

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
  markIdleWork()
  const { registerSW } = await import('virtual:pwa-register')
  const update = registerSW({
    onNeedRefresh: () => onNeedRefresh(() => void update(true)),
  })
}

/** Chromium's install event (not in TypeScript's DOM types). */
type BeforeInstallPromptEvent = Event & { prompt: () => Promise<unknown> }

/** Where the install offer remembers it was made: it is made once per browser. */
export const INSTALL_OFFERED_KEY = 'pwa:install-offered'

/** What counts as the player engaging with the page: a tap, a click or a key. */
const ENGAGEMENT = ['pointerdown', 'keydown'] as const

/**
 * Calls `offer` with the browser's install prompt the first time the browser says the site can
 * be installed, once the player has done something on the page (a tap, a click, a key): never
 * over a first screen they are still reading (it also kept the toast from being a phone's
 * largest paint, issue 19). After that the browser's own menu is left to do it. Returns the
 * unsubscribe. (Safari has no such event: its players use Share > Add to Home Screen.)
 */
export function onInstallOffer(offer: (install: () => void) => void): () => void {
  let engaged = false
  let waiting: BeforeInstallPromptEvent | undefined
  const make = (event: BeforeInstallPromptEvent) => {
    localStorage.setItem(INSTALL_OFFERED_KEY, new Date().toISOString())
    offer(() => void event.prompt())
  }
  const engage = () => {
    engaged = true
    for (const type of ENGAGEMENT) window.removeEventListener(type, engage, true)
    if (waiting) make(waiting)
    waiting = undefined
  }
  const listener = (event: Event) => {
    if (localStorage.getItem(INSTALL_OFFERED_KEY)) return
    event.preventDefault()
    if (engaged) make(event as BeforeInstallPromptEvent)
    else waiting = event as BeforeInstallPromptEvent
  }
  window.addEventListener('beforeinstallprompt', listener)
  for (const type of ENGAGEMENT) window.addEventListener(type, engage, true)
  return () => {
    window.removeEventListener('beforeinstallprompt', listener)
    for (const type of ENGAGEMENT) window.removeEventListener(type, engage, true)
  }
}
