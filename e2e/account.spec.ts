import type { Page } from '@playwright/test'
import { m } from '../generated/paraglide/messages.js'
import * as rules from '../generated/api/rules'
import {
  CREDENTIALS,
  countRequests,
  example,
  expect,
  expectNoneSent,
  PLAYER_HOME,
  PLAYER_HOME_URL,
  preferMock,
  submitLogin,
  test,
  logInByApi,
} from './support'

type PlayerInfo = { player: { displayName: string } }
type UsernameCheck = { username: string; available: boolean }

const displayName = example<PlayerInfo>('getPlayerInfo', '200').player.displayName

async function openUserMenuItem(page: Page, item: string) {
  await page.getByRole('button', { name: displayName }).click()
  await page.getByRole('menuitem', { name: item }).click()
}

test.describe('login', () => {
  test('login, the player home, logout: a round trip on the cookie session', async ({
    page,
    context,
  }) => {
    await page.goto('/login')
    await submitLogin(page)
    await expect(page).toHaveURL(PLAYER_HOME_URL)
    await expect(page.getByRole('button', { name: displayName })).toBeVisible()
    expect((await context.cookies()).map((c) => c.name)).toContain('sid')

    await openUserMenuItem(page, m.account_logout())
    // The page reloads without a session: the player page sends to /login.
    await expect(page).toHaveURL(/\/login\?redirect=/)
    await expect(page.getByRole('heading', { level: 1, name: m.login_title() })).toBeVisible()
    expect((await context.cookies()).map((c) => c.name)).not.toContain('sid')
  })

  test('a wrong password shows LOGIN_FAILED and keeps the form', async ({ page }) => {
    await preferMock(page, { loginPlayer: 'code=400' })
    await page.goto('/login')
    await submitLogin(page)
    await expect(page.getByRole('alert').filter({ hasText: m.errors_login_failed() })).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
    await expect(
      page.getByRole('textbox', { name: m.account_username(), exact: true }),
    ).toHaveValue(CREDENTIALS.username)
  })

  test('bad input is refused at the fields and nothing is sent', async ({ page }) => {
    const sent = countRequests(page, '/v2/players/login')
    await page.goto('/login')
    await page.getByRole('button', { name: m.login_submit(), exact: true }).click()
    await expect(page.getByText(m.account_validation_please_enter_username())).toBeVisible()
    await expect(page.getByText(m.password_validation_please_enter_password())).toBeVisible()
    await expectNoneSent(page, sent)
  })

  test('a double click sends one login request', async ({ page }) => {
    const sent = countRequests(page, '/v2/players/login')
    await page.goto('/login')
    await page
      .getByRole('textbox', { name: m.account_username(), exact: true })
      .fill(CREDENTIALS.username)
    await page.getByLabel(m.account_password(), { exact: true }).fill(CREDENTIALS.password)
    await page.getByRole('button', { name: m.login_submit(), exact: true }).dblclick()
    await expect(page).toHaveURL(PLAYER_HOME_URL)
    expect(sent).toHaveLength(1)
  })
})

test.describe('register', () => {
  const available = example<UsernameCheck>('validateUsername', '200', 'available')
  const taken = example<UsernameCheck>('validateUsername', '200', 'taken')

  async function fillPasswords(page: Page) {
    await page.getByLabel(m.account_password(), { exact: true }).fill(CREDENTIALS.password)
    await page.getByLabel(m.account_confirm_password(), { exact: true }).fill(CREDENTIALS.password)
  }

  test('checks the typed username, then registers with the fingerprint', async ({ page }) => {
    const checks = countRequests(page, '/v2/players/username/validate')
    const registrations = countRequests(page, '/v2/players/register')
    await page.goto('/register')
    const username = page.getByRole('textbox', { name: m.account_username(), exact: true })
    // Typed key by key with the page's clock held: every key lands in one moment of the page's
    // time however slowly a loaded machine sends them, as a player's quick typing does, so a
    // slow key never counts as a pause in the typing. Held a second ahead of the page's time
    // (the clock cannot go back, and it flows while this asks for it).
    await expect(username).toBeEditable()
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000))
    await username.pressSequentially(available.username)
    await page.clock.resume()

    await expect(page.getByText(m.register_username_available())).toBeVisible()
    // Debounced: one question, with the whole name.
    expect(checks.map((c) => c.body)).toEqual([{ username: available.username }])

    await fillPasswords(page)
    await page.getByRole('button', { name: m.register_submit(), exact: true }).click()
    await expect(page).toHaveURL(PLAYER_HOME_URL)

    expect(registrations).toHaveLength(1)
    const [{ body, headers }] = registrations as [(typeof registrations)[number]]
    const fingerprint = headers['x-fingerprint']
    expect(fingerprint).toMatch(/^[0-9a-f]{8,}$/)
    expect(body).toEqual({
      username: available.username,
      password: CREDENTIALS.password,
      confirmPassword: CREDENTIALS.password,
      fingerprint,
    })
  })

  test('a taken username shows at the field', async ({ page }) => {
    await preferMock(page, { validateUsername: 'example=taken' })
    await page.goto('/register')
    await page
      .getByRole('textbox', { name: m.account_username(), exact: true })
      .pressSequentially(taken.username)
    await expect(page.getByText(m.register_username_taken())).toBeVisible()
  })

  test('a username the server already has comes back at the field', async ({ page }) => {
    await preferMock(page, { registerPlayer: 'code=409' })
    await page.goto('/register')
    await page
      .getByRole('textbox', { name: m.account_username(), exact: true })
      .fill(available.username)
    await fillPasswords(page)
    await page.getByRole('button', { name: m.register_submit(), exact: true }).click()
    await expect(page.getByText(m.errors_username_exists())).toBeVisible()
    await expect(page).toHaveURL(/\/register$/)
  })
})

test.describe('change password', () => {
  // A changed password ends the session, and the mock then refuses that cookie: each test logs
  // in on its own, never on the worker's shared session (which later tests still need).
  test.beforeEach(async ({ page }) => {
    await logInByApi(page)
  })

  async function openDialog(page: Page) {
    await page.goto(PLAYER_HOME)
    await openUserMenuItem(page, m.account_change_password())
    return page.getByRole('dialog', { name: m.account_change_password() })
  }

  async function fillAndSave(page: Page) {
    const dialog = page.getByRole('dialog', { name: m.account_change_password() })
    await dialog.getByLabel(m.password_current_password(), { exact: true }).fill('old-password-1')
    await dialog.getByLabel(m.password_new_password(), { exact: true }).fill('new-password-1')
    await dialog
      .getByLabel(m.password_confirm_new_password(), { exact: true })
      .fill('new-password-1')
    await dialog.getByRole('button', { name: m.password_save(), exact: true }).click()
  }

  test('success: the confirmation, whose Close reloads into a new login', async ({ page }) => {
    const sent = countRequests(page, '/v2/players/security/password/change')
    await openDialog(page)
    await fillAndSave(page)

    const success = page.getByRole('alertdialog', { name: m.password_notification_success() })
    await expect(success).toContainText(m.password_notification_password_changed())
    expect(sent.map((s) => s.body)).toEqual([
      {
        currentPassword: 'old-password-1',
        newPassword: 'new-password-1',
        confirmNewPassword: 'new-password-1',
      },
    ])

    await success.getByRole('button', { name: m.password_notification_close() }).click()
    // The server ended the session with the change: the reload lands on the login page.
    await expect(page).toHaveURL(/\/login\?redirect=/)
  })

  test('failure: the error toast, and the dialog stays', async ({ page }) => {
    await preferMock(page, { changePassword: 'code=400' })
    const dialog = await openDialog(page)
    await fillAndSave(page)

    await expect(page.getByText(m.password_notification_error())).toBeVisible()
    await expect(page.getByText(m.password_notification_password_is_incorrect())).toBeVisible()
    await expect(dialog).toBeVisible()
  })

  test('validation stays in the browser', async ({ page }) => {
    const sent = countRequests(page, '/v2/players/security/password/change')
    const dialog = await openDialog(page)
    await dialog.getByRole('button', { name: m.password_save(), exact: true }).click()
    await expect(dialog.getByText(m.password_validation_please_enter_password())).toBeVisible()
    await expect(
      dialog
        .getByText(
          m.password_validation_password_must_greater_than({ value: rules.Password.minLength }),
        )
        .first(),
    ).toBeVisible()
    await expectNoneSent(page, sent)
  })
})
