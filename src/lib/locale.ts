import { useSyncExternalStore } from 'react'
import {
  baseLocale,
  getLocale,
  isLocale,
  localStorageKey,
  locales,
  setLocale,
  type Locale,
} from '~generated/paraglide/runtime'

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

/** Sets `<html lang>` from the current locale. */
export function applyDocumentLanguage(locale: Locale = getLocale()) {
  document.documentElement.lang = toBcp47(locale)
}

const listeners = new Set<() => void>()

function notifyLocaleChange() {
  for (const listener of listeners) listener()
}

/**
 * Switches language without reloading the page (so nothing the player typed is lost);
 * paraglide persists the choice in localStorage under `i18nextLng`. Subscribers of
 * `subscribeLocale` / `useLocale` re-render with the new messages.
 */
export function changeLocale(next: string) {
  if (!isLocale(next) || next === getLocale()) return
  setLocale(next, { reload: false })
  applyDocumentLanguage(next)
  notifyLocaleChange()
}

/**
 * Paraglide reads localStorage on every `getLocale()`, so a switch made in another tab would
 * otherwise show up here only in whichever components happen to re-render: follow it at once.
 */
function onStorage(event: StorageEvent) {
  if (event.key !== localStorageKey) return
  applyDocumentLanguage()
  notifyLocaleChange()
}

/** Calls `listener` after every language switch (this tab or another). */
export function subscribeLocale(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage)
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) window.removeEventListener('storage', onStorage)
  }
}

/** The current locale; the calling component re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, getLocale, () => baseLocale)
}
