import type { Plugin } from 'vite'
import { PAGE_LOCALE } from '../src/lib/page-locale-key.ts'
import { applyEdits, libraryEdits, privateModule, type Edit } from './library-edits.ts'

/** Where the page states its locale: react-aria's own key, the one the app writes. */
export const PAGE_LOCALE_KEY = PAGE_LOCALE.description!

/** One module's check, changed by its edits. */
export interface IntlCheck {
  module: RegExp
  what: string
  edits: readonly Edit[]
}

/** @internationalized/number's flag, as its build names it. */
const SIGN_DISPLAY = '(\\$\\w+\\$var\\$)supportsSignDisplay'

/**
 * The app's four languages as Intl and react-aria name them (src/lib/locale.ts's `BCP47`;
 * `tests/config/intl-checks-on-use.test.ts` holds the two lists together). Each is written
 * left to right in its default script.
 */
export const LEFT_TO_RIGHT_LOCALES: readonly string[] = ['lo', 'zh-CN', 'vi', 'th']

/**
 * What third-party modules ask Intl on a first load before anything needs the answer, in the
 * entry's first tasks on every page. In Chromium on this machine, in fresh pages
 * (decision 009), the first Intl call of a page that
 * needs ICU's data loads it (15-57 ms at full speed), the first that resolves a locale builds
 * ICU's list of every locale (another 14-35 ms), a locale's likely script (`maximize`) 11-20
 * ms and a collator 11-19 ms; a phone 4x slower pays each four times, in one long task.
 *
 * - react-aria finds the browser's default locale whether or not the app gives it one (ours
 *   always does: the I18nProvider of src/features/layout/app-shell.tsx), and checks it with
 *   `Intl.DateTimeFormat.supportedLocalesOf`. It takes the locale the page states under
 *   `Symbol.for('react-aria.i18n.locale')`, its own hook for a server that knows the locale;
 *   the app states one of our four languages there, in BCP 47, before react-aria's modules run
 *   (src/lib/stated-locale.ts). The check now runs only when no locale is stated, as before.
 * - @internationalized/number (under every react-aria-components Button, through the progress
 *   bar's context) tests whether `Intl.NumberFormat` knows `signDisplay` by making a German
 *   number format. The test now runs when a number is first formatted with it, once, as before.
 * - react-aria's `isRTL` finds a locale's direction from its likely script
 *   (`new Intl.Locale(locale).maximize()`, then its text info), for the default locale as its
 *   module loads and for the I18nProvider's. For our four languages (`LEFT_TO_RIGHT_LOCALES`)
 *   it now answers left to right from its own fallback, which guesses by language, without
 *   Intl; any other locale is looked up as before.
 * - react-aria's `useCollator` makes an `Intl.Collator` as a component renders: the game
 *   page's tabs (their type-to-select) and its search's filter. It now gives an object whose
 *   `compare` (all react-aria calls) makes the collator on first use, once per locale and
 *   options as before: when the player first types in the search or the tabs.
 *
 * The lines of each module stay as they were (source maps stay true), and the build fails if
 * a module no longer has what is changed here (config/library-edits.ts). Every e2e test runs
 * on this build: `e2e/i18n.spec.ts` checks that a first load asks Intl for no locale list,
 * makes no number format and looks up no likely script, and `e2e/games.spec.ts` that the game
 * page makes its collator only once the player types in its search.
 */
export const INTL_CHECKS: readonly IntlCheck[] = [
  {
    module: privateModule('react-aria', 'i18n/useDefaultLocale'),
    what: "react-aria's default locale check",
    edits: [
      {
        find: /try \{(\s*)Intl\.DateTimeFormat\.supportedLocalesOf\(/g,
        count: 1,
        replace: (_, space) =>
          `if (typeof window === 'undefined' || !window[Symbol.for('${PAGE_LOCALE_KEY}')]) try {${space}Intl.DateTimeFormat.supportedLocalesOf(`,
      },
    ],
  },
  {
    module: privateModule('@internationalized/number', 'NumberFormatter'),
    what: "@internationalized/number's signDisplay test",
    edits: [
      // The flag and its test, seven lines (the last two a comment of the library's and an
      // empty catch), become a function of seven lines that tests once.
      {
        find: new RegExp(
          `let ${SIGN_DISPLAY} = false;\\ntry \\{\\n\\s*\\1supportsSignDisplay = (new Intl\\.NumberFormat\\('de-DE', \\{\\s*signDisplay: 'exceptZero'\\s*\\}\\)\\.resolvedOptions\\(\\)\\.signDisplay === 'exceptZero');\\n//[^\\n]*\\n\\} catch {2}\\{\\}`,
          'g',
        ),
        count: 1,
        replace: (_, prefix, test) =>
          [
            `let ${prefix}signDisplayKnown;`,
            `function ${prefix}supportsSignDisplay() {`,
            `    if (${prefix}signDisplayKnown === undefined) try {`,
            `        ${prefix}signDisplayKnown = ${test!.replace(/\s*\n\s*/g, ' ')};`,
            `    } catch { ${prefix}signDisplayKnown = false; }`,
            `    return ${prefix}signDisplayKnown;`,
            `}`,
          ].join('\n'),
      },
      // Where the flag is read: when formatting, and in the options it reports.
      {
        find: new RegExp(`!${SIGN_DISPLAY} &&`, 'g'),
        count: 2,
        replace: (_, prefix) => `!${prefix}supportsSignDisplay() &&`,
      },
    ],
  },
  {
    module: privateModule('react-aria', 'i18n/utils'),
    what: "react-aria's text direction lookup",
    edits: [
      {
        find: /(\/\/ If the Intl\.Locale API is available, use it to get the locale's text direction\.\n\s*)if \(Intl\.Locale\) \{/g,
        count: 1,
        replace: (_, comment) =>
          `${comment}if (Intl.Locale && !${JSON.stringify(LEFT_TO_RIGHT_LOCALES)}.includes(localeString)) {`,
      },
    ],
  },
  {
    module: privateModule('react-aria', 'i18n/useCollator'),
    what: "react-aria's collator",
    edits: [
      {
        find: /let formatter = new Intl\.Collator\(locale, options\);/g,
        count: 1,
        replace: () =>
          'let collator; const made = () => (collator ??= new Intl.Collator(locale, options)); let formatter = { compare: (a, b) => made().compare(a, b), resolvedOptions: () => made().resolvedOptions() };',
      },
    ],
  },
]

/** The module with `check`'s edits made; throws with what is missing when one does not fit. */
export function applyIntlCheck(check: IntlCheck, code: string, id: string): string {
  return applyEdits(check.edits, code, { id, what: check.what, by: 'config/intl-checks-on-use.ts' })
}

/** In the build, what third-party modules ask Intl waits until it is needed. */
export function intlChecksOnUse(): Plugin {
  return libraryEdits('intl-checks-on-use', INTL_CHECKS, applyIntlCheck)
}
