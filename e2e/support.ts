// Shared e2e helpers and the `test` every spec uses. The contract's examples are the mock's
// data, so tests read expected values from the bundled contract instead of repeating them.
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'
import type { OperationId } from '../generated/api/operations'
// Every language's messages, loaded before any spec reads one.
import './messages'
import { CREDENTIALS, LOGIN_PATH } from './player'
import { ANNOUNCEMENT_CLEARED_MS, IN_TRANSITION, PENDING_ANNOUNCEMENT } from './settle'

export { example, examplesOf } from './contract'
export { CREDENTIALS }
export { expect }

/**
 * Where the dev/e2e build's mock scenario picker keeps its choices: its documented interface
 * (README, "Working against the mock"), used here like a URL. Any spec using `preferMock`
 * fails if the two ever disagree.
 */
const MOCK_PREFER_KEY = 'mock:prefer'

/** The player home as the address bar shows it (lib/navigation's PLAYER_HOME). */
export const PLAYER_HOME = '/player/game/askmebet?tab=Slot'
export const PLAYER_HOME_URL = /\/player\/game\/askmebet\?tab=Slot$/

type Options = {
  /** Start the test with the player's session (the cookie of one login per worker). */
  asPlayer: boolean
  /** Internal: forgets what earlier tests did to the shared session in the mock layer. */
  freshMockState: void
  /** Internal: the page's clock, installed before it loads (time flows as usual). */
  pageClock: void
}
type WorkerFixtures = { playerState: string }

/**
 * `test` with `asPlayer`: `test.use({ asPlayer: true })` starts every test of a block logged
 * in, from a storage state made by one API login per worker (no login form per test).
 */
export const test = base.extend<Options, WorkerFixtures>({
  asPlayer: [false, { option: true }],
  playerState: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL
      const context = await browser.newContext(baseURL ? { baseURL } : {})
      const response = await context.request.post(LOGIN_PATH, { data: CREDENTIALS })
      if (!response.ok()) throw new Error(`mock login failed: ${response.status()}`)
      const file = join(workerInfo.project.outputDir, `.auth/player-${workerInfo.workerIndex}.json`)
      await context.storageState({ path: file })
      await context.close()
      await use(file)
    },
    { scope: 'worker' },
  ],
  storageState: async ({ asPlayer, playerState, storageState }, use) => {
    await use(asPlayer ? playerState : storageState)
  },
  // The mock layer keeps transitions per session cookie (an order created stays open): tests
  // sharing the worker's session start from the scenario's own state, not the last test's.
  freshMockState: [
    async ({ asPlayer, page }, use) => {
      if (asPlayer) await page.request.post('/api/__mock/reset')
      await use()
    },
    { auto: true },
  ],
  // Every page runs on Playwright's clock, which flows as usual until a test moves it on
  // (`page.clock.fastForward`): a test skips a wait (a debounce, a countdown, the 7 s of an
  // announcement expectNoViolations moves past) instead of sleeping through it.
  pageClock: [
    async ({ page }, use) => {
      await page.clock.install()
      await use()
    },
    { auto: true },
  ],
})

/** Picks mock scenarios (Prism `Prefer` values per operation) before the page loads. */
export async function preferMock(page: Page, choices: Partial<Record<OperationId, string>>) {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    MOCK_PREFER_KEY,
    JSON.stringify(choices),
  ] as const)
}

/** Changes the scenarios of a page already running (the picker reads them per request). */
export async function preferMockNow(page: Page, choices: Partial<Record<OperationId, string>>) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    MOCK_PREFER_KEY,
    JSON.stringify(choices),
  ] as const)
}

/** Fills and sends the login form on the current /login page. */
export async function submitLogin(page: Page, credentials = CREDENTIALS) {
  const { m } = await import('../generated/paraglide/messages.js')
  await page
    .getByRole('textbox', { name: m.account_username(), exact: true })
    .fill(credentials.username)
  await page.getByLabel(m.account_password(), { exact: true }).fill(credentials.password)
  await page.getByRole('button', { name: m.login_submit(), exact: true }).click()
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

/**
 * How long "nothing was sent" is watched for. A request a press would send leaves the
 * browser within a few milliseconds; one second covers a slow CI machine several times over.
 */
export const QUIET_MS = 1_000

/**
 * Asserts that nothing was recorded by `countRequests` during a QUIET_MS window after the
 * action: checking at once could pass before a wrongly sent request left the browser.
 */
export async function expectNoneSent(page: Page, sent: readonly unknown[]) {
  await page.waitForTimeout(QUIET_MS)
  expect(sent).toHaveLength(0)
}

/**
 * Moves the page's clock past a pending announcement, if one is there; says whether it did.
 * react-aria adds the page's first announcement 100 ms late (its announcer waits for its
 * regions to be in the DOM), so one can appear after a look that found none.
 */
async function clearPendingAnnouncement(page: Page): Promise<boolean> {
  const announcement = page.locator(PENDING_ANNOUNCEMENT)
  if (!(await announcement.count())) return false
  await page.clock.fastForward(ANNOUNCEMENT_CLEARED_MS + 500)
  await expect(announcement).toHaveCount(0, { timeout: ANNOUNCEMENT_CLEARED_MS + 3_000 })
  return true
}

/**
 * Axe on the page as it stays: no violation of any rule. A pending announcement still there
 * is moved past by the page's clock (installed for every test), not waited for; one that
 * appeared while axe ran (the late first one) is moved past too, and axe runs again.
 */
export async function expectNoViolations(page: Page) {
  // The layout draws before agency info; the tab title names the agency, so it is
  // set once that is in (src/features/agency/document-meta.ts), or by the agency error page.
  // Until then index.html's title is empty, and axe's document-title rule reads that moment.
  await expect(page).toHaveTitle(/\S/)
  await clearPendingAnnouncement(page)
  // An overlay still fading in has its text at part opacity, which axe reads as too little
  // contrast: react-aria marks it `data-entering` (or `data-exiting`) until its animation ends.
  await expect(page.locator(IN_TRANSITION)).toHaveCount(0)
  let { violations } = await new AxeBuilder({ page }).analyze()
  if (violations.length && (await clearPendingAnnouncement(page))) {
    ;({ violations } = await new AxeBuilder({ page }).analyze())
  }
  // Readable on failure: rule id, impact and the offending selectors.
  expect(
    violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([])
}

/** The phone project (375 px) is below the 577 px `bar` breakpoint. */
export function isPhone(page: Page) {
  return (page.viewportSize()?.width ?? 0) < 577
}

/** Tests whose outcome depends on the width also run in the phone project. */
export const RESPONSIVE = { tag: '@responsive' }

// --- games helpers ---

/**
 * Picks a mock scenario (mock/scenarios.ts) for the whole page session before it loads: the
 * dev middleware sends it as X-Mock-Scenario on every API call (mock/README.md).
 */
export async function chooseScenario(page: Page, scenario: string) {
  await page.addInitScript((name) => localStorage.setItem('mock:scenario', name), scenario)
}

/**
 * Starts a session in the page's own browser context (the mock answers the contract's login
 * with the session cookie), for tests that must choose a scenario before logging in.
 */
export async function logInByApi(page: Page) {
  const response = await page.request.post(LOGIN_PATH, { data: CREDENTIALS })
  if (!response.ok()) throw new Error(`mock login failed: ${response.status()}`)
}
