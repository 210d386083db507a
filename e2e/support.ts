// Shared e2e helpers. The contract's examples are the mock's data, so tests read expected
// values from the bundled contract instead of repeating them.
import type { Page } from '@playwright/test'
import type { OperationId } from '../generated/api/operations'

export { example, examplesOf } from './contract'

/**
 * Where the dev/e2e build's mock scenario picker keeps its choices: its documented interface
 * (README, "Working against the mock"), used here like a URL. Any spec using `preferMock`
 * fails if the two ever disagree.
 */
const MOCK_PREFER_KEY = 'mock:prefer'

/** Picks mock scenarios (Prism `Prefer` values per operation) before the page loads. */
export async function preferMock(page: Page, choices: Partial<Record<OperationId, string>>) {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    MOCK_PREFER_KEY,
    JSON.stringify(choices),
  ] as const)
}

// --- account and session helpers (issue 3, account half) ---

/** A login the contract accepts; the mock answers any such body with the session cookie. */
export const CREDENTIALS = { username: 'souksavanh88', password: 'correct-horse-8' } as const

/** Fills and sends the login form on the current /login page. */
export async function submitLogin(page: Page, credentials = CREDENTIALS) {
  const { m } = await import('../generated/paraglide/messages.js')
  await page
    .getByRole('textbox', { name: m.account_username(), exact: true })
    .fill(credentials.username)
  await page.getByLabel(m.account_password(), { exact: true }).fill(credentials.password)
  await page.getByRole('button', { name: m.login_submit(), exact: true }).click()
}

/** Logs in through the UI and waits for the player home. */
export async function logIn(page: Page) {
  await page.goto('/login')
  await submitLogin(page)
  await page.waitForURL('**/player/game/askmebet?tab=Slot')
}

/** Counts the browser's calls to one API path (`/v2/players/login`). */
export function countRequests(page: Page, apiPath: string) {
  const seen: { body: unknown; headers: Record<string, string> }[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== `/api${apiPath}`) return
    seen.push({ body: request.postDataJSON() as unknown, headers: request.headers() })
  })
  return seen
}

// --- shell helpers (issue 3, shell half) ---

/**
 * Starts a session without the login form: the mock answers the contract's login with the
 * session cookie, which `page.request` stores in the page's browser context.
 */
export async function logInByApi(page: Page) {
  const response = await page.request.post('/api/v2/players/login', { data: CREDENTIALS })
  if (!response.ok()) throw new Error(`mock login failed: ${response.status()}`)
}

/** The phone project (375 px) is below the 577 px `bar` breakpoint. */
export function isPhone(page: Page) {
  return (page.viewportSize()?.width ?? 0) < 577
}

// --- games helpers (issue 14) ---

/**
 * Picks a mock scenario (mock/scenarios.ts) for the whole page session before it loads: the
 * dev middleware sends it as X-Mock-Scenario on every API call (mock/README.md).
 */
export async function chooseScenario(page: Page, scenario: string) {
  await page.addInitScript((name) => localStorage.setItem('mock:scenario', name), scenario)
}
