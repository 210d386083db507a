import { m } from '../generated/paraglide/messages.js'
import {
  example,
  expect,
  PLAYER_HOME,
  PLAYER_HOME_URL,
  preferMockNow,
  submitLogin,
  test,
} from './support'

type Promotion = { id: string; title: string }

test.describe('logged out', () => {
  test('a player page sends to /login and login comes back to it', async ({ page }) => {
    await page.goto('/player/bank')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fplayer%2Fbank$/)
    await expect(page.getByRole('heading', { level: 1, name: m.login_title() })).toBeVisible()

    await submitLogin(page)
    await expect(page).toHaveURL(/\/player\/bank$/)
    await expect(page.getByRole('heading', { level: 1, name: m.page_title_bank() })).toBeVisible()
  })

  test('the way back keeps the query', async ({ page }) => {
    await page.goto('/player/game/askmebet?tab=Fish%20shooting')
    await expect(page).toHaveURL(/\/login\?redirect=/)
    await submitLogin(page)
    await expect(page).toHaveURL(/\/player\/game\/askmebet\?tab=Fish(\+|%20)shooting$/)
  })

  test('a redirect to another site is ignored', async ({ page }) => {
    await page.goto('/login?redirect=https%3A%2F%2Fevil.test%2F')
    await submitLogin(page)
    await expect(page).toHaveURL(PLAYER_HOME_URL)
  })

  test('the public pages stay', async ({ page }) => {
    await page.goto('/register')
    await expect(page.getByRole('heading', { level: 1, name: m.register_title() })).toBeVisible()
    await page.goto('/login')
    await expect(page.getByRole('heading', { level: 1, name: m.login_title() })).toBeVisible()
  })
})

test.describe('logged in', () => {
  test.use({ asPlayer: true })

  test('the landing page goes to the player home', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(PLAYER_HOME_URL)
    await expect(
      page.getByRole('heading', { level: 1, name: m.page_title_game_askmebet() }),
    ).toBeVisible()
  })

  test('/login and /register go to /player, which opens askmebet on the Slot tab', async ({
    page,
  }) => {
    await page.goto('/login')
    await expect(page).toHaveURL(PLAYER_HOME_URL)
    await page.goto('/register')
    await expect(page).toHaveURL(PLAYER_HOME_URL)
  })

  // That every player page loads its data and shows its title is checked once, with axe: by
  // its feature's spec, or by a11y.spec.ts ("player page ...") when no feature spec does.

  test('a promotion page selects the promotion from the list, or says it is unknown', async ({
    page,
  }) => {
    const [promotion] = example<{ promotions: Promotion[] }>('listPromotions', '200').promotions
    if (!promotion) throw new Error('the contract example lists no promotion')
    await page.goto(`/player/promotion/${promotion.id}`)
    await expect(page.getByRole('heading', { level: 1, name: promotion.title })).toBeVisible()

    // A not-found state inside the page, not the router's error panel.
    await page.goto('/player/promotion/pr_does_not_exist')
    await expect(
      page.getByRole('heading', { level: 1, name: m.promotion_not_found() }),
    ).toBeVisible()
    await expect(page.getByText(m.error_something_went_wrong())).toHaveCount(0)
  })
})

test.describe('an expired session', () => {
  test.use({ asPlayer: true })

  test('a 401 from any other call sends the player to /login and back after login', async ({
    page,
  }) => {
    await page.goto(PLAYER_HOME)
    await expect(
      page.getByRole('heading', { level: 1, name: m.page_title_game_askmebet() }),
    ).toBeVisible()
    // The server has ended the session: every call that needs it answers 401 from now on.
    await preferMockNow(page, { listBankAccounts: 'code=401', getPlayerInfo: 'code=401' })
    await page.getByRole('banner').getByRole('button', { name: m.nav_open_menu() }).click()
    await page
      .getByRole('dialog', { name: m.nav_menu() })
      .getByRole('link', { name: m.nav_bank_account() })
      .click()
    await expect(page).toHaveURL(/\/login\?redirect=%2Fplayer%2Fbank$/)
    await expect(page.getByRole('heading', { level: 1, name: m.login_title() })).toBeVisible()

    await preferMockNow(page, {})
    await submitLogin(page)
    await expect(page).toHaveURL(/\/player\/bank$/)
  })
})
