// patches/react-aria+3.53.1.patch (`i18n/useDefaultLocale.mjs`, `i18n/utils.mjs`,
// `i18n/useCollator.mjs`) and patches/@internationalized+number+3.6.9.patch
// (`NumberFormatter.mjs`), patches/README.md: what the installed modules ask Intl, and when.
import { describe, expect, it } from 'vitest'
import { BCP47 } from '~/lib/locale'
import { PAGE_LOCALE } from '~/lib/page-locale-key'
import { installedPrivateModule } from '../helpers/installed-module'

/** The languages the direction patch answers without Intl, as it lists them. */
const LEFT_TO_RIGHT_LOCALES = ['lo', 'zh-CN', 'vi', 'th']
const defaultLocale = installedPrivateModule('react-aria', 'i18n/useDefaultLocale.mjs')
const numberFormatter = installedPrivateModule('@internationalized/number', 'NumberFormatter.mjs')
const i18nUtils = installedPrivateModule('react-aria', 'i18n/utils.mjs')
const collatorModule = installedPrivateModule('react-aria', 'i18n/useCollator.mjs')
/** What Intl was asked while `run` ran, with an Intl that records every call. */
function recordingIntl() {
  const asked: string[] = []
  const intl = {
    DateTimeFormat: {
      supportedLocalesOf: (locales: string[]) => (
        asked.push(`supportedLocalesOf ${locales}`),
        locales
      ),
    },
    NumberFormat: class {
      constructor(
        locale: string,
        private options: { signDisplay?: string },
      ) {
        asked.push(`NumberFormat ${locale}`)
      }
      resolvedOptions = () => this.options
      format = (value: number) => `${value}`
    },
  }
  return { asked, intl }
}

/** A module's body as a function of the names it imports and the globals it reads. */
function evaluate(code: string, globals: Record<string, unknown>, returning: string) {
  const body = code.replace(/^import .*$/gm, '').replace(/^export \{.*$/gm, '')
  const names = Object.keys(globals)
  return new Function(...names, `${body}; return ${returning}`)(
    ...names.map((name) => globals[name]),
  ) as unknown
}

describe('Intl asked on use, patched', () => {
  describe("react-aria's default locale", () => {
    const code = defaultLocale.source
    /** The default locale the module finds as it is evaluated, and what it asked Intl. */
    const evaluated = (module: string, window: object | undefined) => {
      const { asked, intl } = recordingIntl()
      const current = /let (\$\w+\$var\$currentLocale) =/.exec(module)![1]!
      const isRTL = /\(0, (\$\w+\$export\$\w+)\)\(locale\)/.exec(module)![1]!
      const { locale } = evaluate(
        module,
        { window, navigator: { language: 'fr-FR' }, Intl: intl, [isRTL]: () => false },
        current,
      ) as { locale: string }
      return { locale, asked }
    }

    it('takes the stated locale without asking Intl for its locale list', () => {
      const stated = { [PAGE_LOCALE]: 'lo' }
      expect(evaluated(code, stated)).toEqual({ locale: 'lo', asked: [] })
    })

    it("checks the browser's locale as before when the page states none", () => {
      const before = { locale: 'fr-FR', asked: ['supportedLocalesOf fr-FR'] }
      expect(evaluated(code, {})).toEqual(before)
      expect(evaluated(code, undefined)).toEqual(before)
    })
  })

  describe("@internationalized/number's signDisplay test", () => {
    const code = numberFormatter.source
    const formatterClass = /class (\$\w+\$export\$\w+) \{\s*constructor\(locale/.exec(code)![1]!
    /** The module evaluated with a recording Intl: what it asked then, and a formatter class. */
    const evaluated = (module: string) => {
      const { asked, intl } = recordingIntl()
      const NumberFormatter = evaluate(module, { Intl: intl }, formatterClass) as new (
        locale: string,
        options: object,
      ) => { format: (value: number) => string; resolvedOptions: () => object }
      return { asked, NumberFormatter }
    }

    it('asks nothing as the module is evaluated (as published, it makes a German format)', () => {
      expect(evaluated(code).asked).toEqual([])
    })

    it('tests once, when a number is first formatted, and formats as before', () => {
      const { asked, NumberFormatter } = evaluated(code)
      const percent = new NumberFormatter('lo', { style: 'percent', signDisplay: 'exceptZero' })
      expect(asked).toEqual(['NumberFormat lo'])
      expect(percent.format(0.5)).toBe('0.5')
      expect(percent.resolvedOptions()).toMatchObject({ signDisplay: 'exceptZero' })
      new NumberFormatter('th', {}).format(1)
      expect(asked).toEqual(['NumberFormat lo', 'NumberFormat de-DE', 'NumberFormat th'])
    })
  })

  describe("react-aria's text direction", () => {
    const code = i18nUtils.source
    const isRTLName = /function (\$\w+\$export\$\w+)\(localeString\)/.exec(code)![1]!
    /** react-aria's `isRTL` from `module`, with an Intl whose locales record what was asked. */
    const evaluated = (module: string) => {
      const asked: string[] = []
      const Locale = class {
        constructor(private tag: string) {
          asked.push(`Locale ${tag}`)
        }
        maximize() {
          asked.push(`maximize ${this.tag}`)
          const rtl = /^(ar|he)\b/.test(this.tag)
          return { getTextInfo: () => ({ direction: rtl ? 'rtl' : 'ltr' }) }
        }
      }
      const isRTL = evaluate(module, { Intl: { Locale } }, isRTLName) as (tag: string) => boolean
      return { asked, isRTL }
    }

    it("names each of the app's languages (src/lib/locale.ts) as left to right", () => {
      expect([...LEFT_TO_RIGHT_LOCALES].sort()).toEqual(Object.values(BCP47).sort())
    })

    it('answers left to right for our four languages without asking Intl', () => {
      const { asked, isRTL } = evaluated(code)
      expect(LEFT_TO_RIGHT_LOCALES.map(isRTL)).toEqual([false, false, false, false])
      expect(asked).toEqual([])
      expect(code).toContain(`!${JSON.stringify(LEFT_TO_RIGHT_LOCALES)}.includes(localeString)`)
    })

    it('looks up any other locale as before', () => {
      const { asked, isRTL } = evaluated(code)
      expect(isRTL('ar-EG')).toBe(true)
      expect(isRTL('he')).toBe(true)
      expect(isRTL('en-US')).toBe(false)
      expect(isRTL('zh-Hant')).toBe(false)
      expect(asked).toEqual([
        'Locale ar-EG',
        'maximize ar-EG',
        'Locale he',
        'maximize he',
        'Locale en-US',
        'maximize en-US',
        'Locale zh-Hant',
        'maximize zh-Hant',
      ])
    })
  })

  describe("react-aria's collator", () => {
    const code = collatorModule.source
    const useCollatorName = /function (\$\w+\$export\$\w+)\(options\)/.exec(code)![1]!
    const useLocaleName = /useLocale as (\$\w+\$export\$\w+)/.exec(code)![1]!
    /** react-aria's `useCollator` from `module`, with an Intl whose collators record their making. */
    const evaluated = (module: string) => {
      const made: string[] = []
      const Collator = class extends Intl.Collator {
        constructor(locale: string, options: Intl.CollatorOptions) {
          super(locale, options)
          made.push(`Collator ${locale}`)
        }
      }
      const useCollator = evaluate(
        module,
        { Intl: { Collator }, [useLocaleName]: () => ({ locale: 'th' }) },
        useCollatorName,
      ) as (options: Intl.CollatorOptions) => Intl.Collator
      return { made, useCollator }
    }
    const options: Intl.CollatorOptions = { usage: 'search', sensitivity: 'base' }

    it('makes no collator as a component renders (as published, it makes one at once)', () => {
      const { made, useCollator } = evaluated(code)
      useCollator(options)
      expect(made).toEqual([])
    })

    it('makes it on first compare, once per locale and options, and compares as Intl does', () => {
      const { made, useCollator } = evaluated(code)
      const collator = useCollator(options)
      const real = new Intl.Collator('th', options)
      for (const [a, b] of [
        ['ก', 'ข'],
        ['a', 'A'],
        ['b', 'a'],
      ] as const) {
        expect(collator.compare(a, b)).toBe(real.compare(a, b))
      }
      expect(useCollator(options)).toBe(collator)
      expect(collator.resolvedOptions()).toMatchObject({ usage: 'search', sensitivity: 'base' })
      expect(made).toEqual(['Collator th'])
    })
  })
})
