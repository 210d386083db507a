import { m } from '../generated/paraglide/messages.js'
import { CREDENTIALS, example, expect, preferMock, test } from './support'

type Agency = { name: string }

test('the app boots and shows the agency from the mock', async ({ page }) => {
  const agency = example<Agency>('getAgencyInfo', '200')
  await page.goto('/')
  await expect(
    page.getByRole('heading', { name: m.agency_welcome({ name: agency.name }) }),
  ).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo')
})

test('agency info 404 shows the error page', async ({ page }) => {
  await preferMock(page, { getAgencyInfo: 'code=404' })
  await page.goto('/')
  await expect(page.getByRole('heading', { name: m.agency_error_title() })).toBeVisible()
  await expect(page.getByText(m.agency_error_contact_support())).toBeVisible()
  await expect(page.getByText(m.agency_error_sorry())).toBeVisible()
})

test('a scenario can also be picked from the page URL', async ({ page }) => {
  await page.goto('/?mock=getAgencyInfo:code=404')
  await expect(page.getByRole('heading', { name: m.agency_error_title() })).toBeVisible()
})

test('the session cookie round-trips through the dev proxy', async ({ page }) => {
  const api = page.request
  expect((await api.get('/api/v2/players/info')).status()).toBe(401)

  // Any body the contract accepts logs in on the mock; the cookie is the documented example.
  const login = await api.post('/api/v2/players/login', { data: CREDENTIALS })
  expect(login.status()).toBe(200)
  const setCookie = login.headers()['set-cookie'] ?? ''
  expect(setCookie).toMatch(/^sid=[^;]+;/)
  expect(setCookie).toContain('HttpOnly')

  expect((await api.get('/api/v2/players/info')).status()).toBe(200)

  const logout = await api.post('/api/v2/players/logout')
  expect(logout.status()).toBe(200)
  expect(logout.headers()['set-cookie']).toContain('Max-Age=0')

  expect((await api.get('/api/v2/players/info')).status()).toBe(401)
})
