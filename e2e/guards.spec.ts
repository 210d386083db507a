import { expect, test } from '@playwright/test'
import { m } from '../generated/paraglide/messages.js'
import { example, logIn, preferMock, submitLogin } from './support'

type Promotion = { id: string; title: string }
const PLAYER_HOME = /\/player\/game\/askmebet\?tab=Slot$/

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
    await expect(page).toHaveURL(PLAYER_HOME)
  })

  test('the public pages stay', async ({ page }) => {
    await page.goto('/register')
    await expect(page.getByRole('heading', { level: 1, name: m.register_title() })).toBeVisible()
    await page.goto('/login')
    await expect(page.getByRole('heading', { level: 1, name: m.login_title() })).toBeVisible()
  })
})

test.describe('logged in', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page)
  })

  test('the landing page goes to the player home', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(PLAYER_HOME)
    await expect(
      page.getByRole('heading', { level: 1, name: m.page_title_game_askmebet() }),
    ).toBeVisible()
  })

  test('/login and /register go to /player, which opens askmebet on the Slot tab', async ({
    page,
  }) => {
    await page.goto('/login')
    await expect(page).toHaveURL(PLAYER_HOME)
    await page.goto('/register')
    await expect(page).toHaveURL(PLAYER_HOME)
  })

  const pages: [string, () => string][] = [
    ['/player/deposit', m.page_title_deposit],
    ['/player/deposit/history', m.page_title_deposit_history],
    ['/player/withdraw', m.page_title_withdraw],
    ['/player/withdraw/history', m.page_title_withdraw_history],
    ['/player/bank', m.page_title_bank],
    ['/player/promotion', m.page_title_promotion],
    ['/player/promotion/history', m.page_title_promotion_history],
    ['/player/game/gclub', m.page_title_game_gclub],
    ['/player/game/gclub_live', m.page_title_game_gclub_live],
    ['/player/game/askmebet?tab=Slot', m.page_title_game_askmebet],
    ['/player/game/alphabet', m.page_title_game_alphabet],
  ]
  for (const [path, title] of pages) {
    test(`${path} loads its data and shows its title`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: title() })).toBeVisible()
    })
  }

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

test('a 401 from any other call sends the browser to /login', async ({ page }) => {
  await logIn(page)
  await preferMock(page, { listBankAccounts: 'code=401' })
  // A full page load of /login, coming back to the bank page. (The mock still accepts the
  // cookie for players info, so /login then forwards the "logged-in" player to /player:
  // the navigation itself is what this asserts.)
  const toLogin = page.waitForRequest(
    (request) =>
      request.isNavigationRequest() && /\/login\?redirect=%2Fplayer%2Fbank$/.test(request.url()),
  )
  await page.goto('/player/bank')
  await toLogin
})
