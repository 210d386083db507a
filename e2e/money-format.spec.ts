// Money reads the same on every engine (decision 016): the app's formatting module,
// built once, renders the same sample in Node and in Chromium, per language; and the site
// shows a money figure in each language as that module writes it, never as a browser's Intl.
import { m } from '../generated/paraglide/messages.js'
import { formatModule, formatScript, shownMoney, type FormatModule } from './format-module'
import { example, expect, test } from './support'

const LOCALES = ['lo', 'cn', 'vn', 'th'] as const

test('the formatting module renders the same strings in Node and in Chromium, per language', async ({
  page,
}) => {
  test.slow()
  const inNode = await formatModule()
  // Chromium: the same script on a blank page (Debian's Intl, which has no Lao data).
  await page.setContent('<!doctype html><title>format</title>')
  await page.addScriptTag({ content: await formatScript() })
  for (const locale of LOCALES) {
    const fromNode = inNode.renderSamples(locale)
    const fromChromium = await page.evaluate(
      (l) =>
        (globalThis as unknown as { formatModule: FormatModule }).formatModule.renderSamples(l),
      locale,
    )
    expect(fromNode.length).toBeGreaterThan(30)
    expect(fromChromium, locale).toEqual(fromNode)
  }
  // What the browser's own Intl would have shown (recorded, not asserted: it is the engine's).
  const intl = await page.evaluate(() =>
    new Intl.NumberFormat('lo', { style: 'currency', currency: 'LAK' }).format(500000),
  )
  test.info().annotations.push({
    type: 'engine',
    description: `Chromium Intl lo LAK 500000: ${intl}; the module: ${await shownMoney('500000', 'LAK')}`,
  })
})

test.describe('logged in', () => {
  test.use({ asPlayer: true })

  test('the credit shows in each language as the module writes it', async ({ page }) => {
    const { credit } = example<{ credit: { amount: string; currency: string } }>(
      'getProviderCredit',
      '200',
      'askmebet',
    )
    for (const locale of LOCALES) {
      await page.goto('/')
      await page.evaluate((l) => localStorage.setItem('i18nextLng', l), locale)
      await page.goto('/player/game/askmebet')
      const panel = page.getByRole('region', {
        name: m.game_credit_label({ provider: 'AskMeBet' }, { locale }),
      })
      await expect(panel, locale).toContainText(
        await shownMoney(credit.amount, credit.currency, locale),
      )
    }
  })
})
