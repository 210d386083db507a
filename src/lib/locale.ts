import {
  baseLocale,
  getLocale,
  isLocale,
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

/**
 * Switches language without reloading the page (so nothing the player typed is lost);
 * paraglide persists the choice in localStorage under `i18nextLng`.
 */
export function changeLocale(next: string) {
  if (!isLocale(next)) return
  setLocale(next, { reload: false })
  applyDocumentLanguage(next)
}
