/// <reference types="vite-plugin-pwa/client" />
/// <reference types="vite-plugin-pwa/info" />
import { pwaInfo } from 'virtual:pwa-info'
import { markIdleWork, whenIdle, whenLoaded, whenQuietAfterLoad } from './idle'

/** How long registration waits for an idle moment after `load` at most (ms). */
const IDLE_TIMEOUT_MS = 5_000

/**
 * How long the page must have been quiet after `load` (no long task, no tap, key or scroll)
 * before the manifest is linked, as for fingerprinting: the first screen's own work is over.
 */
export const MANIFEST_QUIET_MS = 5_000
/** The manifest is linked this long after `load` at the latest, however busy the page. */
export const MANIFEST_MAX_WAIT_MS = 60_000

/**
 * Links the web app manifest (decision 017), once. The build leaves the link out of the HTML
 * (config/pwa.ts `manifestLinkOutOfHtml`): in the HTML it had Chromium check installability,
 * and the page's main thread download and decode the icon, while the app was starting.
 * `info` is the build's manifest (vite-plugin-pwa's `virtual:pwa-info`; none on the dev
 * server).
 */
export function linkWebManifest(info = pwaInfo?.webManifest) {
  if (!info || document.querySelector('link[rel="manifest"]')) return
  const link = document.createElement('link')
  link.rel = 'manifest'
  link.href = info.href
  if (info.useCredentials) link.crossOrigin = 'use-credentials'
  document.head.append(link)
}

/**
 * Links the manifest once the page has loaded and been quiet a while (`whenQuiet`). Linked at
 * the first idle moment instead, the check still ran among the first screen's tasks on the
 * bench's slower pages (decision 009). The player is offered the
 * install only after a tap or a key anyway (`onInstallOffer`); Safari, with or without a
 * worker, reads the manifest when the player adds the site to the home screen. The dev server
 * has no manifest.
 */
export async function linkWebManifestWhenQuiet(info = pwaInfo?.webManifest) {
  if (import.meta.env.DEV) return
  await whenQuietAfterLoad(MANIFEST_QUIET_MS, MANIFEST_MAX_WAIT_MS)
  linkWebManifest(info)
}

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
    onNeedRefresh: () => {
      // A new deploy's worker waits behind the one controlling this page. With no controller
      // this is the first install, and there is nothing to update: workbox-window still calls
      // a first worker "waiting" when it is slow to activate (Firefox, when the first install
      // ends after the player moved to the next page), which would offer a reload for nothing.
      if (!navigator.serviceWorker.controller) return
      onNeedRefresh(() => void update(true))
    },
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
 * largest paint). After that the browser's own menu is left to do it. Returns the
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
