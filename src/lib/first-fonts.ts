import type { Locale } from '~/lib/locale'

/**
 * A character of each language's own script, for the faces of `src/styles.css` that its
 * texts need (each face carries a unicode-range). Chinese is left out: Noto Sans SC is one
 * file of over a megabyte, which the first screen must not wait behind.
 */
const SCRIPT_FACE: Partial<Record<Locale, { family: string; sample: string }>> = {
  lo: { family: 'Noto Sans Lao', sample: 'ກ' },
  th: { family: 'Noto Sans Thai', sample: 'ก' },
  vn: { family: 'Noto Sans', sample: 'ạ' },
}
/** The two weights the site uses. */
const WEIGHTS = [400, 600] as const

/**
 * Starts loading the web fonts the first screen's texts use (Latin, and the language's own
 * script), without waiting for them. Otherwise they are asked for only when the first render
 * is laid out, and that layout, finding them still loading, looks up system fallback fonts
 * glyph by glyph: most of a 230-410 ms layout on /login and /player/deposit at 4x CPU
 * (`npm run bench:profile`, issue 19). Asked for while the entry waits for its messages, the
 * ~45 KB of fonts have usually arrived when the page first renders.
 */
export function loadFirstScreenFonts(locale: Locale) {
  const fonts = typeof document === 'undefined' ? undefined : document.fonts
  if (!fonts || typeof fonts.load !== 'function') return
  const script = SCRIPT_FACE[locale]
  for (const weight of WEIGHTS) {
    void fonts.load(`${weight} 1em "Noto Sans"`, 'a').catch(() => {})
    if (script) void fonts.load(`${weight} 1em "${script.family}"`, script.sample).catch(() => {})
  }
}
