import { m } from '../generated/paraglide/messages.js'
import {
  example,
  expect,
  expectNoViolations,
  isPhone,
  preferMock,
  RESPONSIVE,
  test,
} from './support'

type Agency = { name: string }
const agency = example<Agency>('getAgencyInfo', '200')

test('landing page', RESPONSIVE, async ({ page }) => {
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

test('contact menu and language menu open', RESPONSIVE, async ({ page }) => {
  await page.goto('/about')
  await page.getByRole('banner').getByRole('button', { name: m.nav_contact() }).click()
  // Open first, then axe: the overlay's code may still be loading after the click (it is
  // fetched ahead only once the page has settled), and a menu opening while axe reads the
  // page makes the rest of it inert halfway through.
  const contacts = isPhone(page)
    ? page.getByRole('dialog', { name: m.nav_contact() })
    : page.getByRole('menu', { name: m.nav_contact() })
  await expect(contacts).toBeVisible()
  await expectNoViolations(page)
  await page.keyboard.press('Escape')
  await page
    .getByRole('banner')
    .getByRole('button', { name: m.lang_button({ language: 'ພາສາລາວ' }) })
    .click()
  await expect(page.getByRole('menuitemradio').first()).toBeVisible()
  await expectNoViolations(page)
})

// Every other page a player can reach, each checked once it shows its title.
const publicPages = [
  ['/login', () => m.login_title()],
  ['/register', () => m.register_title()],
  ['/service', () => m.pages_service_title()],
  ['/how-to-play', () => m.pages_how_to_play_title()],
] as const

for (const [path, title] of publicPages) {
  test(`public page ${path}`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: title() })).toBeVisible()
    await expectNoViolations(page)
  })
}

test('the agency error page', async ({ page }) => {
  await preferMock(page, { getAgencyInfo: 'code=404' })
  await page.goto('/')
  await expect(page.getByRole('heading', { name: m.agency_error_title() })).toBeVisible()
  await expectNoViolations(page)
})

// The player pages whose usual state (the returning player of the default scenario) no
// feature spec checks with axe. The others are checked there, in the states they exist for:
// deposit and its history (bank-deposit.spec.ts), withdraw and its history (withdraw.spec.ts),
// the promotion detail and history (promotions.spec.ts), the four provider pages at both
// widths (games.spec.ts); /player/bank is under the drawer test below too.
const playerPages = [
  ['/player/bank', () => m.page_title_bank()],
  ['/player/promotion', () => m.page_title_promotion()],
] as const

test.describe('as a player', () => {
  test.use({ asPlayer: true })

  test('player page with the drawer open', RESPONSIVE, async ({ page }) => {
    await page.goto('/player/bank')
    await expect(page.getByRole('heading', { level: 1, name: m.page_title_bank() })).toBeVisible()
    await page.getByRole('banner').getByRole('button', { name: m.nav_open_menu() }).click()
    const drawer = page.getByRole('dialog', { name: m.nav_menu() })
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0)
    await expectNoViolations(page)
  })

  // Each loads its data, shows its title and passes axe.
  for (const [path, title] of playerPages) {
    test(`player page ${path}`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: title() })).toBeVisible()
      await expectNoViolations(page)
    })
  }

  test('the change-password dialog', async ({ page }) => {
    await page.goto('/player/bank')
    const player = example<{ player: { displayName: string } }>('getPlayerInfo', '200').player
    await page.getByRole('button', { name: player.displayName }).click()
    await page.getByRole('menuitem', { name: m.account_change_password() }).click()
    await expect(page.getByRole('dialog', { name: m.account_change_password() })).toBeVisible()
    await expectNoViolations(page)
  })
})
