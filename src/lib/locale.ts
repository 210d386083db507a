import { useSyncExternalStore } from 'react'
import { hasMessages, loadMessages } from '~generated/paraglide/catalogue'
import {
  baseLocale,
  getLocale,
  isLocale,
  localStorageKey,
  locales,
  setLocale,
  type Locale,
} from '~generated/paraglide/runtime'
import { PAGE_LOCALE } from './page-locale-key'

export { baseLocale, getLocale, locales, type Locale }

/**
 * Our locale ids (kept from the current site: lo, cn, vn, th) are not all BCP-47 and Intl
 * does not know `cn` or `vn`. This is the one place that maps them, for `<html lang>`,
 * Intl and plural rules.
 */
export const BCP47: Record<Locale, string> = {
  lo: 'lo',
  cn: 'zh-CN',
  vn: 'vi',
  th: 'th',
}

export function toBcp47(locale: Locale = getLocale()): string {
  return BCP47[locale]
}

/** States the current locale: `<html lang>`, and react-aria's default locale (the
 *  I18nProvider of the app shell gives its components the same one; src/lib/page-locale-key.ts). */
export function applyDocumentLanguage(locale: Locale = getLocale()) {
  const tag = toBcp47(locale)
  document.documentElement.lang = tag
  ;(window as unknown as Record<symbol, string>)[PAGE_LOCALE] = tag
}

/**
 * Loads the messages of the language in use (the only one a first load fetches: each
 * language is a chunk of its own, scripts/messages-per-locale.mjs). The app renders after it.
 */
export function loadCurrentMessages(): Promise<void> {
  return loadMessages(getLocale())
}

const listeners = new Set<() => void>()

function notifyLocaleChange() {
  for (const listener of listeners) listener()
}

/**
 * Runs `then` once `locale`'s messages are loaded: at once when they are (so a switch to a
 * language already seen re-renders synchronously), else after its chunk has arrived. If it
 * cannot be fetched (offline, a flaky line), nothing changes: the page stays in the language
 * it shows, `failed` says so, and the next switch asks for the chunk again.
 */
function withMessages(locale: Locale, then: () => void, failed: () => void = () => {}) {
  if (hasMessages(locale)) then()
  else loadMessages(locale).then(then, failed)
}

/**
 * Switches language without reloading the page (so nothing the player typed is lost);
 * paraglide persists the choice in localStorage under `i18nextLng`. The language's messages
 * are fetched first (on a first switch to it), then subscribers of `subscribeLocale` /
 * `useLocale` re-render with them.
 */
export function changeLocale(next: string, onFailed?: () => void) {
  if (!isLocale(next) || next === getLocale()) return
  withMessages(
    next,
    () => {
      setLocale(next, { reload: false })
      applyDocumentLanguage(next)
      notifyLocaleChange()
    },
    onFailed,
  )
}

/**
 * Paraglide reads localStorage on every `getLocale()`, so a switch made in another tab would
 * otherwise show up here only in whichever components happen to re-render: follow it at once
 * (once its messages are here; until then the catalogue answers in the language loaded last).
 */
function onStorage(event: StorageEvent) {
  if (event.key !== localStorageKey) return
  withMessages(getLocale(), () => {
    applyDocumentLanguage()
    notifyLocaleChange()
  })
}

/** Other tabs' switches; none in the build's prerender, which runs in Node (src/prerender.tsx). */
const otherTabs = typeof window === 'undefined' ? undefined : window

/** Calls `listener` after every language switch (this tab or another). */
export function subscribeLocale(listener: () => void) {
  if (listeners.size === 0) otherTabs?.addEventListener('storage', onStorage)
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) otherTabs?.removeEventListener('storage', onStorage)
  }
}

/** The current locale; the calling component re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, getLocale, () => baseLocale)
}
