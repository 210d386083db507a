// The first load's calls start beside the page's chunks (decision 009): the preload script starts
// what the build recorded of the page's loaders (config/first-calls.ts), and the app takes those
// answers as its own (src/lib/api/first-calls.ts). This spec loads each player page: every
// started call is one the page asks for, taken once, and the page asks for nothing more as it
// loads.
import type { Page } from '@playwright/test'
import { withAppModules } from '../config/app-modules'
import {
  FIRST_CALL_TAKEN_MARK,
  everyPageUrls,
  recordPageCalls,
  sitePaths,
} from '../config/first-calls'
import { m } from '../generated/paraglide/messages.js'
import { CREDENTIALS, example, expect, submitLogin, test as withClock } from './support'

/**
 * The pages run on their own clock here: Playwright's stands in for `performance` as well,
 * whose marks say which calls the app took. Each page's calls as the build records them from
 * its loaders, once a worker.
 */
const test = withClock.extend<object, { recorded: Record<string, string[] | undefined> }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
  pageClock: async ({}, use) => use(),
  recorded: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => use(await withAppModules((load) => recordPageCalls(load))),
    { scope: 'worker', timeout: 60_000 },
  ],
})

/** A page's address from its path in the route tree: `/player/promotion/<an id>`. */
function pathOf(routePath: string) {
  const [promotion] = example<{ promotions: { id: string }[] }>('listPromotions', '200').promotions
  return routePath.replace('$promotionId', promotion!.id)
}

/**
 * Loads `path` and returns the API GETs the browser sent until the page was drawn and the
 * network had settled (by address, each as often as it went out), and the addresses whose
 * started call the app took.
 */
async function firstLoad(page: Page, path: string) {
  const sent: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) {
      sent.push(url.pathname + url.search)
    }
  })
  await page.goto(path)
  await expect(page.locator('main h1').first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  const taken = await page.evaluate(
    (prefix) =>
      performance
        .getEntriesByType('mark')
        .filter((mark) => mark.name.startsWith(prefix))
        .map((mark) => mark.name.slice(prefix.length)),
    FIRST_CALL_TAKEN_MARK,
  )
  return { sent, taken }
}

const sorted = (list: readonly string[]) => [...list].sort()
/** The address of a call as the browser sends it for a player of the base language. */
const urlOf = (url: string) => url.replace('{locale}', 'lo')
const EVERY = everyPageUrls()

test.describe('a logged-in first load', () => {
  test.use({ asPlayer: true })

  // Every player page: the provider route's for every provider.
  for (const routePath of sitePaths().filter((path) => path.startsWith('/player'))) {
    const path = pathOf(routePath)
    test(`${path}: the calls started for it are the ones it asks for, each sent once`, async ({
      page,
      recorded,
    }) => {
      const own = recorded[routePath]
      const started = [...EVERY, ...(own ?? []).map(urlOf)]
      const { sent, taken } = await firstLoad(page, path)
      // Every started call was taken by the app: none was started for nothing.
      expect(sorted(taken), 'recorded from the loaders but never asked for').toEqual(
        sorted(started),
      )
      if (own === undefined) {
        // A page whose calls the path does not say (a history's page, /player's redirect) asks
        // for its own, once each.
        expect(sent.length, 'a call sent twice').toBe(new Set(sent).size)
        return
      }
      // Nothing went out twice (a recorded address the app writes differently would), and the
      // page asked for nothing its loaders did not ask for as the build ran them.
      expect(sorted(sent), 'asked for as the page loaded, not by its loaders').toEqual(
        sorted(started),
      )
    })
  }

  test('a player of another language gets the names in it: the call is started in that language', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'th'))
    const { taken } = await firstLoad(page, '/player/game/alphabet')
    expect(taken).toContain('/api/v2/games/alphabet?locale=th')
  })
})

test('a visitor on a player page is sent to log in, then sees the page: the calls started without a session are left', async ({
  page,
}) => {
  // The calls started for /player/deposit all answer 401; the app goes to the login, and once
  // the player is in, the page asks again (an answer started before the login would be a 401).
  const { sent } = await firstLoad(page, '/player/deposit')
  await expect(page).toHaveURL(/\/login/)
  expect(sent).toContain('/api/v2/players/bank-accounts')
  await submitLogin(page, CREDENTIALS)
  await expect(page).toHaveURL(/\/player\/deposit$/)
  await expect(page.getByRole('heading', { level: 1, name: m.page_title_deposit() })).toBeVisible()
  await expect(page.getByRole('button', { name: m.deposit_submit() })).toBeVisible()
})

test('a visitor page starts only the calls every first load makes', async ({ page }) => {
  const { sent, taken } = await firstLoad(page, '/login')
  expect(sorted(taken)).toEqual(sorted(EVERY))
  expect(sorted(sent)).toEqual(sorted(EVERY))
})
