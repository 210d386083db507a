import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { m } from '../generated/paraglide/messages.js'
import { example, logInByApi } from './support'

type Agency = { name: string }
const agency = example<Agency>('getAgencyInfo', '200')

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  // Readable on failure: rule id, impact and the offending selectors.
  expect(
    violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([])
}

test('landing page', async ({ page }) => {
  await page.goto('/')
  await expect(
    page.getByRole('heading', { level: 1, name: m.agency_welcome({ name: agency.name }) }),
  ).toBeVisible()
  await expectNoViolations(page)
})

test('about page', async ({ page }) => {
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1, name: m.pages_about_title() })).toBeVisible()
  await expectNoViolations(page)
})

test('not found page', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { level: 1, name: m.notfound_title() })).toBeVisible()
  await expectNoViolations(page)
})

test('player page with the drawer open', async ({ page }) => {
  await logInByApi(page)
  await page.goto('/player/bank')
  await expect(page.getByRole('heading', { level: 1, name: m.page_title_bank() })).toBeVisible()
  await page.getByRole('banner').getByRole('button', { name: m.nav_open_menu() }).click()
  const drawer = page.getByRole('dialog', { name: m.nav_menu() })
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0)
  await expectNoViolations(page)
})

test('contact menu and language menu open', async ({ page }) => {
  await page.goto('/about')
  await page.getByRole('banner').getByRole('button', { name: m.nav_contact() }).click()
  await expectNoViolations(page)
  await page.keyboard.press('Escape')
  await page
    .getByRole('banner')
    .getByRole('button', { name: m.lang_button({ language: 'ພາສາລາວ' }) })
    .click()
  await expect(page.getByRole('menuitemradio').first()).toBeVisible()
  await expectNoViolations(page)
})
