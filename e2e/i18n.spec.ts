import { readFileSync } from 'node:fs'
import { partFileName } from '../config/message-parts'
import type { Page } from '@playwright/test'
import { m } from '../generated/paraglide/messages.js'
import { example, expect, test } from './support'

type Agency = { name: string }
type Locale = 'lo' | 'cn' | 'vn' | 'th'

const agency = example<Agency>('getAgencyInfo', '200')
const NAMES: Record<Locale, string> = {
  lo: 'ພາສາລາວ',
  cn: '简体中文',
  vn: 'Tiếng Việt',
  th: 'ภาษาไทย',
}
const BCP47: Record<Locale, string> = { lo: 'lo', cn: 'zh-CN', vn: 'vi', th: 'th' }

async function switchLanguage(page: Page, from: Locale, to: Locale) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: m.lang_button({ language: NAMES[from] }, { locale: from }) })
    .click()
  await page.getByRole('menuitemradio', { name: NAMES[to] }).click()
}

const welcome = (page: Page, locale: Locale) =>
  page.getByRole('heading', {
    level: 1,
    name: m.agency_welcome({ name: agency.name }, { locale }),
  })

test('Lao is the default and <html lang> says so', async ({ page }) => {
  await page.goto('/')
  await expect(welcome(page, 'lo')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo')
})

for (const locale of ['cn', 'vn', 'th'] as const) {
  test(`switching to ${locale} re-renders in place and survives a reload`, async ({ page }) => {
    await page.goto('/')
    await expect(welcome(page, 'lo')).toBeVisible()
    const navigations: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url())
    })

    await switchLanguage(page, 'lo', locale)
    await expect(welcome(page, locale)).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', BCP47[locale])
    await expect(
      page
        .getByRole('contentinfo')
        .getByRole('heading', { name: m.footer_categories({}, { locale }) }),
    ).toBeVisible()
    expect(navigations).toEqual([])
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe(locale)

    await page.reload()
    await expect(welcome(page, locale)).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', BCP47[locale])
  })
}

/** The build's files of messages (config/message-parts.ts): each page's part, each language whole. */
function messageFiles() {
  const manifest = JSON.parse(readFileSync('dist-e2e/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >
  const plan = JSON.parse(readFileSync('dist-e2e/.vite/message-parts.json', 'utf8')) as {
    partFile: string
    parts: { path: string }[]
  }
  return {
    whole: (locale: Locale) => `/${manifest[`generated/paraglide/locales/${locale}.js`]!.file}`,
    partOf: (locale: Locale, path: string) => {
      const n = plan.parts.findIndex((part) => new RegExp(part.path).test(path))
      expect(n, `a part of the messages for ${path}`).toBeGreaterThanOrEqual(0)
      return `/${partFileName(plan.partFile, locale, n)}`
    },
    isMessages: (path: string) => /\/assets\/((lo|cn|vn|th)-|page-messages-)/.test(path),
  }
}

test("a first load brings its page's part of the messages; the next page brings all of them, in the language switched to", async ({
  page,
}) => {
  const files = messageFiles()
  const asked: string[] = []
  page.on('request', (request) => asked.push(new URL(request.url()).pathname))

  await page.goto('/')
  await expect(welcome(page, 'lo')).toBeVisible()
  // The landing page asked for its part in Lao first; any other file of messages came after it
  // (the overlays, loaded at idle, bring all of them).
  const messages = () => asked.filter(files.isMessages)
  expect(messages()[0]).toBe(files.partOf('lo', '/'))

  await switchLanguage(page, 'lo', 'th')
  await expect(welcome(page, 'th')).toBeVisible()
  await page
    .getByRole('main')
    .getByRole('link', { name: m.nav_login({}, { locale: 'th' }) })
    .first()
    .click()
  // The login form's labels are beyond the landing page's part: here, in Thai.
  await expect(
    page.getByLabel(m.account_username({}, { locale: 'th' }), { exact: true }),
  ).toBeVisible()
  await expect(
    page.getByLabel(m.account_password({}, { locale: 'th' }), { exact: true }),
  ).toBeVisible()
  expect(messages()).toContain(files.whole('th'))
})

test('the login page draws with its own part of the messages, in the stored language', async ({
  page,
}) => {
  const files = messageFiles()
  const asked: string[] = []
  page.on('request', (request) => asked.push(new URL(request.url()).pathname))
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'vn'))
  await page.goto('/login')
  await expect(
    page.getByLabel(m.account_password({}, { locale: 'vn' }), { exact: true }),
  ).toBeVisible()
  expect(asked.filter(files.isMessages)[0]).toBe(files.partOf('vn', '/login'))
})

test('an unknown stored language falls back to Lao', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'fr-FR'))
  await page.goto('/')
  await expect(welcome(page, 'lo')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo')
})

test("react-aria takes the page's language; no library asks Intl for its locales as it loads", async ({
  page,
}) => {
  // A page's first locale lookup builds ICU's list of every locale: ~60-140 ms of a phone's
  // first long task (patches/README.md). The page states its language before
  // react-aria runs, @internationalized/number's test waits until a number is formatted, and
  // react-aria knows our four languages run left to right without a likely-script lookup.
  await page.addInitScript(() => {
    const asked: string[] = ((window as unknown as { intlAsked: string[] }).intlAsked = [])
    const { maximize } = Intl.Locale.prototype
    Intl.Locale.prototype.maximize = function (this: Intl.Locale) {
      asked.push(`maximize ${this.toString()}`)
      return maximize.call(this)
    }
    const { DateTimeFormat, NumberFormat } = Intl
    const supportedLocalesOf = DateTimeFormat.supportedLocalesOf.bind(DateTimeFormat)
    DateTimeFormat.supportedLocalesOf = (locales, options) => {
      asked.push(`supportedLocalesOf ${String(locales)}`)
      return supportedLocalesOf(locales, options)
    }
    Intl.NumberFormat = new Proxy(NumberFormat, {
      construct(target, args: ConstructorParameters<typeof NumberFormat>) {
        if (args[0] === 'de-DE') asked.push('NumberFormat de-DE')
        return new target(...args)
      },
    })
    localStorage.setItem('i18nextLng', 'th')
  })
  const stated = () =>
    page.evaluate(
      (key) => ({
        lang: document.documentElement.lang,
        reactAria: (window as unknown as Record<symbol, string>)[Symbol.for(key)],
        intlAsked: (window as unknown as { intlAsked: string[] }).intlAsked,
      }),
      // react-aria's own key for the page's locale (src/lib/page-locale-key.ts).
      'react-aria.i18n.locale',
    )
  await page.goto('/')
  await expect(welcome(page, 'th')).toBeVisible()
  expect(await stated()).toEqual({ lang: 'th', reactAria: 'th', intlAsked: [] })

  await switchLanguage(page, 'th', 'cn')
  await expect(welcome(page, 'cn')).toBeVisible()
  expect(await stated()).toEqual({ lang: 'zh-CN', reactAria: 'zh-CN', intlAsked: [] })
})

test('switching language keeps what the player typed', async ({ page }) => {
  await page.goto('/login')
  const username = page.getByRole('textbox', { name: m.account_username(), exact: true })
  await username.fill('souksavanh88')
  await switchLanguage(page, 'lo', 'th')
  const thai = page.getByRole('textbox', {
    name: m.account_username({}, { locale: 'th' }),
    exact: true,
  })
  await expect(thai).toHaveValue('souksavanh88')
  await expect(page.locator('html')).toHaveAttribute('lang', 'th')
})

test('Lao, Thai and Chinese text render with our web fonts', async ({ page }) => {
  await page.goto('/')
  await expect(welcome(page, 'lo')).toBeVisible()
  const loaded = async () =>
    page.evaluate(async () => {
      await document.fonts.ready
      return ['Noto Sans Lao', 'Noto Sans Thai', 'Noto Sans SC'].map((family) =>
        document.fonts.check(
          `16px "${family}"`,
          family === 'Noto Sans Lao' ? 'ກ' : family === 'Noto Sans Thai' ? 'ก' : '中',
        ),
      )
    })
  // The Lao face is in use on the Lao page; switching shows the others.
  expect((await loaded())[0]).toBe(true)
  await switchLanguage(page, 'lo', 'th')
  await expect(welcome(page, 'th')).toBeVisible()
  await switchLanguage(page, 'th', 'cn')
  await expect(welcome(page, 'cn')).toBeVisible()
  expect(await loaded()).toEqual([true, true, true])
})

test.describe('as a player', () => {
  test.use({ asPlayer: true })

  /**
   * Each font file a language's money page downloads, by name: every face has a unicode-range
   * (src/styles.css), so no page downloads a script's font to look for characters it does not
   * have, and the currency signs and the Vietnamese letters come from the small files that
   * have them.
   */
  for (const [locale, path, expected] of [
    // ₭ and ฿ from files of their one glyph (0.7 KB each, generated/fonts/); before, Noto Sans
    // Lao's latin-ext (6.9 KB) for ₭ and Noto Sans Thai (9 KB a weight) for ฿.
    ['lo', '/player/deposit', ['lao-lao', 'latin', 'sign-baht', 'sign-kip']],
    ['th', '/player/deposit', ['latin', 'sign-baht', 'thai-thai']],
    // Before: Lao, latin-ext (both weights) and the 1.1 MB Chinese font as well.
    ['vn', '/player/withdraw', ['latin', 'sign-baht', 'vietnamese']],
    // Before: the Lao and Thai fonts as well. (cn writes THB as letters: no ฿.)
    ['cn', '/player/deposit', ['latin', 'sc-chinese-simplified']],
  ] as const) {
    test(`${locale} ${path} downloads only the fonts of its characters`, async ({ page }) => {
      await page.addInitScript((stored) => localStorage.setItem('i18nextLng', stored), locale)
      const fonts = new Set<string>()
      page.on('request', (request) => {
        const file = request
          .url()
          .match(/\/assets\/(?:noto-sans-(.+)-\d00-normal|(sign-[a-z]+)-\d00)-[\w-]+\.woff2$/)
        if (file) fonts.add((file[1] ?? file[2])!)
      })
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      await page.evaluate(() => document.fonts.ready)
      expect([...fonts].sort()).toEqual(expected)
    })
  }
})
