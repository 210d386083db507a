// The first load's calls start beside the page's chunks (decision 009): the preload script starts
// what config/first-calls.ts lists for the page, and the app takes those answers as its own
// (src/lib/api/first-calls.ts). This spec keeps the list true to the loaders: every listed call
// is one the page asks for, taken once, and the page asks for nothing more as it loads.
import type { Page } from '@playwright/test'
import {
  EVERY_PAGE,
  FIRST_CALL_TAKEN_MARK,
  PAGE_CALLS,
  firstCallUrl,
  pageCallUrls,
  routePages,
} from '../config/first-calls'
import { m } from '../generated/paraglide/messages.js'
import { CREDENTIALS, example, expect, submitLogin, test as withClock } from './support'

/**
 * The pages run on their own clock here: Playwright's stands in for `performance` as well,
 * whose marks say which calls the app took.
 */
const test = withClock.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
  pageClock: async ({}, use) => use(),
})

/**
 * A page's address from its route file, its known parameters in place (`routePages`):
 * `player/promotion/$promotionId.tsx` -> `/player/promotion/<an id>`.
 */
function pathOf(routeFile: string) {
  const [promotion] = example<{ promotions: { id: string }[] }>('listPromotions', '200').promotions
  const promotionId = promotion!.id
  const path = routeFile
    .replace(/\.tsx$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/^_public\//, '')
    .replace('$promotionId', promotionId)
  return `/${path}`
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
const EVERY = EVERY_PAGE.map(firstCallUrl)

test.describe('a logged-in first load', () => {
  test.use({ asPlayer: true })

  // Each page of a route: the provider route's for every provider.
  for (const routeFile of Object.keys(PAGE_CALLS)) {
    for (const { file, params } of routePages(routeFile)) {
      const path = pathOf(file)
      test(`${routeFile} (${path}): the calls started for it are the ones it asks for, each sent once`, async ({
        page,
      }) => {
        const listed = [...EVERY, ...pageCallUrls(routeFile, params).map(urlOf)]
        const { sent, taken } = await firstLoad(page, path)
        // Every listed call was taken by the app: none was started for nothing.
        expect(sorted(taken), 'listed in config/first-calls.ts but never asked for').toEqual(
          sorted(listed),
        )
        // Nothing went out twice (a listed address the app writes differently would), and the
        // page asked for nothing the list does not start early.
        expect(
          sorted(sent),
          'asked for as the page loaded: list it in config/first-calls.ts',
        ).toEqual(sorted(listed))
      })
    }
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
  expect(sent).toContain(firstCallUrl('listBankAccounts'))
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
