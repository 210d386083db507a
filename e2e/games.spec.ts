import type { Page } from '@playwright/test'
import { m } from '../generated/paraglide/messages.js'
import { shownMoney } from './format-module'
import {
  chooseScenario,
  countRequests,
  example,
  expect,
  expectNoViolations,
  isPhone,
  RESPONSIVE,
  test,
} from './support'

type Provider = 'alphabet' | 'askmebet' | 'gclub' | 'gclub_live'
type Game = { code: string; name: string; category: string }
type Credit = { amount: string; currency: string }

const PROVIDER_NAMES: Record<Provider, string> = {
  alphabet: 'Alphabet',
  askmebet: 'AskMeBet',
  gclub: 'GClub',
  gclub_live: 'GClub Live',
}
const TITLES: Record<Provider, () => string> = {
  alphabet: m.page_title_game_alphabet,
  askmebet: m.page_title_game_askmebet,
  gclub: m.page_title_game_gclub,
  gclub_live: m.page_title_game_gclub_live,
}
const PROVIDERS = Object.keys(PROVIDER_NAMES) as Provider[]

// The mock answers each provider with its own examples (mock/rules.ts: by parameter).
const gamesOf = (provider: Provider) =>
  provider === 'alphabet'
    ? example<{ games: Game[] }>('listAlphabetGames', '200').games
    : example<{ games: Game[] }>('listGames', '200', provider).games
const creditOf = (provider: Provider) =>
  example<{ credit: Credit }>('getProviderCredit', '200', provider).credit

/** The amount as the site shows it in lo: the app's own module, not the browser's Intl. */
const shownAmount = (_page: Page, { amount, currency }: Credit) => shownMoney(amount, currency)

const playButton = (page: Page, name: string) =>
  page.getByRole('button', { name: m.game_play_named({ name }), exact: true })

test.use({ asPlayer: true })

test('each provider page shows its own credit and games, axe clean', async ({ page }) => {
  test.slow()
  for (const provider of PROVIDERS) {
    await page.goto(`/player/game/${provider}`)
    await expect(page.getByRole('heading', { level: 1, name: TITLES[provider]() })).toBeVisible()
    const credit = page.getByRole('region', {
      name: m.game_credit_label({ provider: PROVIDER_NAMES[provider] }),
    })
    await expect(credit).toContainText(await shownAmount(page, creditOf(provider)))

    const games = gamesOf(provider)
    // The first tab (or the only list) shows the provider's first game, never another's.
    await expect(playButton(page, games[0]!.name)).toBeVisible()
    for (const other of PROVIDERS.filter((p) => p !== provider)) {
      for (const game of gamesOf(other)) await expect(playButton(page, game.name)).toHaveCount(0)
    }
    await expectNoViolations(page)
  }
})

test('tabs switch by mouse and by keyboard, and live in the URL', async ({ page }) => {
  await page.goto('/player/game/askmebet?tab=Slot')
  const tabs = page.getByRole('tablist', { name: m.game_categories_label() })
  const slot = tabs.getByRole('tab', { name: m.game_category_slot() })
  const fish = tabs.getByRole('tab', { name: m.game_category_fish_shooting() })
  await expect(slot).toHaveAttribute('aria-selected', 'true')
  await expect(playButton(page, 'Mekong Treasure')).toBeVisible()
  // The panel holds its games' buttons, so it is no tab stop of its own: Tab from the tabs
  // goes to the first game.
  await expect(page.getByRole('tabpanel')).not.toHaveAttribute('tabindex')
  await slot.focus()
  await page.keyboard.press('Tab')
  await expect(
    page.getByRole('tabpanel').getByRole('listitem').first().getByRole('button'),
  ).toBeFocused()

  await fish.click()
  await expect(page).toHaveURL(/tab=Fish-shooting$/)
  await expect(playButton(page, 'Ocean King Fishing')).toBeVisible()
  await expect(playButton(page, 'Mekong Treasure')).toHaveCount(0)

  await fish.focus()
  await page.keyboard.press('ArrowLeft')
  await expect(slot).toBeFocused()
  await expect(page).toHaveURL(/tab=Slot$/)
  await expect(playButton(page, 'Mekong Treasure')).toBeVisible()

  // An unknown tab falls back to the provider's first tab, as no tab does (askmebet's: Slot).
  await page.goto('/player/game/askmebet?tab=Nope')
  await expect(slot).toHaveAttribute('aria-selected', 'true')
})

test('an address naming no provider is the Not Found page inside the layout', async ({ page }) => {
  await page.goto('/player/game/nope')
  await expect(page.getByRole('heading', { level: 1, name: m.notfound_title() })).toBeVisible()
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('tablist')).toHaveCount(0)
})

test('the search box filters the games by name, with a collator made once the player types', async ({
  page,
}) => {
  // react-aria makes its collator as the page renders, 11-19 ms of the first load at full
  // speed; our patch makes it on first compare (patches/README.md).
  await page.addInitScript(() => {
    const made: string[] = ((window as unknown as { collatorsMade: string[] }).collatorsMade = [])
    Intl.Collator = new Proxy(Intl.Collator, {
      construct(target, args: ConstructorParameters<typeof Intl.Collator>) {
        made.push(String(args[0]))
        return new target(...args)
      },
    })
  })
  const collatorsMade = () =>
    page.evaluate(() => (window as unknown as { collatorsMade: string[] }).collatorsMade)
  await page.goto('/player/game/askmebet?tab=Slot')
  await expect(playButton(page, 'Mekong Treasure')).toBeVisible()
  expect(await collatorsMade()).toEqual([])
  await page.getByRole('searchbox', { name: m.game_search_label() }).fill('naga')
  await expect(playButton(page, 'Mekong Treasure')).toHaveCount(0)
  await expect(playButton(page, 'Golden Naga')).toBeVisible()
  expect(await collatorsMade()).toEqual(['lo'])

  // A search that empties the panel makes the panel itself the tab stop, so Tab from the tabs
  // still reaches what it says; games back, it is none again (react-aria looks in the frame
  // after each render with our patch, patches/README.md).
  const panel = page.getByRole('tabpanel')
  await expect(panel).not.toHaveAttribute('tabindex')
  await page.getByRole('searchbox', { name: m.game_search_label() }).fill('qqqq')
  await expect(panel).toContainText(m.game_search_empty({ name: 'qqqq' }))
  await expect(panel).toHaveAttribute('tabindex', '0')
  await page.getByRole('searchbox', { name: m.game_search_label() }).fill('naga')
  await expect(playButton(page, 'Golden Naga')).toBeVisible()
  await expect(panel).not.toHaveAttribute('tabindex')
})

test('opening a game posts once with a key, then goes to the launch page in the same tab', async ({
  page,
}) => {
  const opened = countRequests(page, '/v2/games/open')
  await page.goto('/player/game/askmebet?tab=Slot')
  await playButton(page, 'Mekong Treasure').click()
  await page.waitForURL('**/mock/launch.html?**')
  expect(opened).toHaveLength(1)
  expect(opened[0]!.body).toEqual({ provider: 'askmebet', gameCode: 'AMB-SLOT-0142' })
  expect(opened[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
  // Same tab, so no pop-up to block; Back returns to the list with the credit asked again.
  expect(page.context().pages()).toHaveLength(1)
  const credit = countRequests(page, '/v2/players/credits/askmebet')
  await page.goBack()
  await expect(playButton(page, 'Mekong Treasure')).toBeEnabled()
  await expect.poll(() => credit.length).toBeGreaterThanOrEqual(1)
})

/** The place in the list (`aria-posinset`) of the game whose button has the focus. */
const focusedPlace = (page: Page) =>
  page.evaluate(() =>
    document.activeElement?.closest('[role="listitem"]')?.getAttribute('aria-posinset'),
  )

test(
  'a long list draws its first rows at once and each later one as the player gets there',
  RESPONSIVE,
  async ({ page }) => {
    await chooseScenario(page, 'long-lists')
    await page.goto('/player/game/askmebet?tab=Slot')
    const tiles = page.getByRole('main').getByRole('listitem')
    await expect(tiles.first()).toHaveAttribute('aria-posinset', '1')
    const setSize = Number(await tiles.first().getAttribute('aria-setsize'))
    expect(setSize).toBeGreaterThan(100)
    expect(await tiles.count()).toBeLessThan(60)
    // By keyboard: Tab goes from one Play button to the next, across the first screen's rows
    // into the ones the virtualiser draws (its code comes at idle, or with the first Tab).
    await tiles.first().getByRole('button').focus()
    for (let place = 2; place <= 50; place++) {
      await page.keyboard.press('Tab')
      expect(await focusedPlace(page)).toBe(String(place))
    }
    // By scrolling: the last game is drawn at the end of the list, above the footer.
    const last = page.locator(`[role="listitem"][aria-posinset="${setSize}"]`)
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        return last.count()
      })
      .toBe(1)
    await expect(last).toBeVisible()
    const lastBox = (await last.boundingBox())!
    const footerBox = (await page.getByRole('contentinfo').boundingBox())!
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(footerBox.y)
    expect(await tiles.count()).toBeLessThan(80)
  },
)

test(
  'a keyboard player who reaches the last row before the rest of the list has come goes on to the next game',
  RESPONSIVE,
  async ({ page }) => {
    // The virtualiser's code is held back until the player has tabbed well past the first
    // screen's rows: each next row is drawn as the last one is reached.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/virtual-game-rows-*.js', async (route) => {
      await held
      await route.continue()
    })
    await chooseScenario(page, 'long-lists')
    await page.goto('/player/game/askmebet?tab=Slot')
    const tiles = page.getByRole('main').getByRole('listitem')
    await expect(tiles.first()).toHaveAttribute('aria-posinset', '1')
    const firstScreen = await tiles.count()
    await tiles.first().getByRole('button').focus()
    for (let place = 2; place <= firstScreen + 10; place++) {
      await page.keyboard.press('Tab')
      expect(await focusedPlace(page)).toBe(String(place))
    }
    release()
  },
)

test(
  'no tile moves once drawn, nor the panel that holds them, on a phone and a wide screen',
  RESPONSIVE,
  async ({ page }) => {
    // Layout shifts whose moved elements are the category's panel or in the games' list, from
    // the first frame on (the tabs above the panel come a frame after it: their row keeps
    // their height).
    await page.addInitScript({
      content: `window.__tileShifts = 0;
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) {
          var inList = entry.sources.some(function (source) {
            var node = source.node;
            var element = node && (node.nodeType === 1 ? node : node.parentElement);
            return element && element.closest('[role="list"], [role="tabpanel"]');
          });
          if (inList) window.__tileShifts += entry.value;
        });
      }).observe({ type: 'layout-shift', buffered: true });`,
    })
    await page.goto('/player/game/askmebet?tab=Slot')
    await expect(playButton(page, 'Mekong Treasure')).toBeVisible()
    // The virtualiser's code comes at idle: its taking over moves nothing either.
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)
    expect(
      await page.evaluate(() => (window as unknown as { __tileShifts: number }).__tileShifts),
    ).toBe(0)
  },
)

test('a player who must deposit first is told so, with a link to deposit', async ({ page }) => {
  await chooseScenario(page, 'new-player')
  await page.goto('/player/game/gclub')
  await playButton(page, 'Royal Baccarat').click()
  const dialog = page.getByRole('alertdialog', { name: m.game_open_failed_title() })
  await expect(dialog).toContainText(m.errors_game_requires_deposit_at({ provider: 'GClub' }))
  await expectNoViolations(page)
  await dialog.getByRole('link', { name: m.game_deposit_link() }).click()
  await expect(page).toHaveURL(/\/player\/deposit$/)
})

test(
  'the refresh action in the header fetches credit and lists again and says when done',
  RESPONSIVE,
  async ({ page }) => {
    await page.goto('/player/game/gclub')
    await expect(playButton(page, 'Royal Baccarat')).toBeVisible()
    const amount = await shownAmount(page, creditOf('gclub'))
    await expect(page.getByText(amount, { exact: true })).toBeVisible()
    const credit = countRequests(page, '/v2/players/credits/gclub')
    const lists = countRequests(page, '/v2/games')
    const header = page.getByRole('banner')
    const refresh = header.getByRole('button', { name: m.game_refresh() })
    await refresh.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByText(m.game_refresh_done())).toBeVisible()
    expect(credit.length).toBeGreaterThanOrEqual(1)
    expect(lists.length).toBeGreaterThanOrEqual(1)
    if (isPhone(page)) await expect(refresh).toBeInViewport()
  },
)
