import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import type { components } from '~generated/api/schema'
import { ProviderGamesPage } from '~/features/games/provider-games-page'
import { formatMoney } from '~/domain/format'
import { changeLocale } from '~/lib/locale'
import { Toasts } from '~/ui/toast-region'
import { HttpResponse, type RequestHandler } from 'msw'
import { createTestQueryClient, renderWithProviders } from '../../helpers/render'
import { example, http, mockApi } from '../../helpers/api'

type Provider = components['schemas']['Provider']

const askmebetGames = example('listGames', 200, 'askmebet')
const askmebetCredit = example('getProviderCredit', 200, 'askmebet')
const gclubCredit = example('getProviderCredit', 200, 'gclub')
const launch = example('openGame', 200)

type OpenGame = Parameters<typeof http.post<'/v2/games/open'>>[1]
const openGame = (answer: OpenGame) => http.post('/v2/games/open', answer)

/**
 * The contract's default world, answered by provider as the mock layer does; `overrides`
 * come first.
 */
function world(...overrides: RequestHandler[]) {
  const credits: Partial<Record<string, typeof askmebetCredit>> = {
    askmebet: askmebetCredit,
    gclub: gclubCredit,
  }
  return mockApi(
    ...overrides,
    http.get('/v2/players/credits/{provider}', ({ params, response }) => {
      const credit = credits[params.provider]
      return credit && response(200).json(credit)
    }),
    http.get('/v2/games', ({ query, response }) =>
      response(200).json(example('listGames', 200, query.get('provider') ?? '')),
    ),
    openGame(({ response }) => response(200).json(launch)),
  )
}

function renderPage(
  props: { provider?: Provider; tab?: string } = {},
  options: Parameters<typeof renderWithProviders>[1] = {},
) {
  const onTabChange = vi.fn()
  const launchSpy = vi.fn()
  const rendered = renderWithProviders(
    <>
      <ProviderGamesPage
        provider={props.provider ?? 'askmebet'}
        tab={props.tab}
        onTabChange={onTabChange}
        launch={launchSpy}
      />
      <Toasts closeLabel={m.layout_close()} regionLabel={m.layout_notifications()} />
    </>,
    options,
  )
  return { rendered, onTabChange, launchSpy }
}

const playButton = (name: string) =>
  screen.findByRole('button', { name: m.game_play_named({ name }) })

/** The page over `count` askmebet slots ("Slot 0", "Slot 1", ...) on the Slot tab. */
async function renderLongList(count: number) {
  const [slot] = askmebetGames.games
  const games = Array.from({ length: count }, (_, i) => ({
    ...slot!,
    code: `AMB-${i}`,
    name: `Slot ${i}`,
  }))
  world(http.get('/v2/games', ({ response }) => response(200).json({ games })))
  return renderPage({ tab: 'Slot' })
}

describe('a provider page', () => {
  it("shows its own provider's credit, formatted, and asks for it again on every visit", async () => {
    const api = world()
    const queryClient = createTestQueryClient()
    const first = await renderPage({ provider: 'gclub' }, { queryClient }).rendered
    const { amount, currency } = gclubCredit.credit
    expect(await screen.findByText(formatMoney(amount, currency))).toBeInTheDocument()
    expect(
      screen.getByRole('heading', { name: m.game_credit_label({ provider: 'GClub' }) }),
    ).toBeInTheDocument()
    first.unmount()

    await renderPage({ provider: 'gclub' }, { queryClient }).rendered
    await waitFor(() => expect(api.to('/v2/players/credits/gclub')).toHaveLength(2))
    // The game list is not credit: the second visit is served from cache.
    expect(api.to('/v2/games')).toHaveLength(1)
    expect(api.to('/v2/players/credits/askmebet')).toHaveLength(0)
  })

  it("lists its own provider's games with the provider's name in the request", async () => {
    const api = world()
    await renderPage({ provider: 'gclub', tab: 'Baccarat' })
    expect(await playButton('Royal Baccarat')).toBeInTheDocument()
    expect(screen.queryByText('Mekong Treasure')).not.toBeInTheDocument()
    expect(new URL(api.to('/v2/games')[0]!.url).searchParams.get('provider')).toBe('gclub')
  })

  it('shows the tab the URL names, and only its games', async () => {
    world()
    await renderPage({ tab: 'Fish-shooting' })
    const tabs = await screen.findByRole('tablist', { name: m.game_categories_label() })
    expect(
      within(tabs).getByRole('tab', { name: m.game_category_fish_shooting() }),
    ).toHaveAttribute('aria-selected', 'true')
    expect(await playButton('Ocean King Fishing')).toBeInTheDocument()
    expect(screen.queryByText('Mekong Treasure')).not.toBeInTheDocument()
  })

  it("falls back to the first tab when the URL's tab is not one of the provider's", async () => {
    world()
    await renderPage({ tab: 'Keno' })
    const tabs = await screen.findByRole('tablist', { name: m.game_categories_label() })
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([m.game_category_slot(), m.game_category_fish_shooting()])
    expect(within(tabs).getByRole('tab', { name: m.game_category_slot() })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(await playButton('Mekong Treasure')).toBeInTheDocument()
    expect(screen.queryByText('Ocean King Fishing')).not.toBeInTheDocument()
  })

  it('leaves the URL alone when the player presses the tab already shown', async () => {
    world()
    const { rendered, onTabChange } = renderPage({ tab: 'Slot' })
    const { user } = await rendered
    expect(await screen.findByRole('tab', { name: m.game_category_slot() })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await user.click(screen.getByRole('tab', { name: m.game_category_slot() }))
    // A replacing navigation would load the route again and draw the whole layout anew.
    expect(onTabChange).not.toHaveBeenCalled()
  })

  it('puts the chosen tab in the URL, by mouse and by keyboard', async () => {
    world()
    const { rendered, onTabChange } = renderPage({ tab: 'Slot' })
    const { user } = await rendered
    await user.click(await screen.findByRole('tab', { name: m.game_category_fish_shooting() }))
    expect(onTabChange).toHaveBeenLastCalledWith('Fish-shooting')

    // The tab shown is the one chosen, before and after the URL follows.
    onTabChange.mockClear()
    screen.getByRole('tab', { name: m.game_category_fish_shooting() }).focus()
    await user.keyboard('{ArrowLeft}')
    expect(onTabChange).toHaveBeenLastCalledWith('Slot')
  })

  it('filters the shown games by name, whatever the case', async () => {
    world()
    const { user } = await renderPage({ tab: 'Slot' }).rendered
    await playButton('Mekong Treasure')
    await user.type(screen.getByRole('searchbox', { name: m.game_search_label() }), 'NAGA')
    await waitFor(() => expect(screen.queryByText('Mekong Treasure')).not.toBeInTheDocument())
    expect(screen.getByText('Golden Naga')).toBeInTheDocument()
    expect(screen.getByText(m.game_results_count({ count: 1 }))).toBeInTheDocument()

    await user.type(screen.getByRole('searchbox'), 'zzz')
    expect(await screen.findByText(m.game_search_empty({ name: 'NAGAzzz' }))).toBeInTheDocument()
  })

  it('asks alphabet for names in the current language, and again after a switch', async () => {
    const api = world(
      http.get('/v2/players/credits/{provider}', ({ params, response }) =>
        params.provider === 'alphabet'
          ? response(200).json(example('getProviderCredit', 200, 'alphabet'))
          : undefined,
      ),
      http.get('/v2/games/alphabet', ({ response }) =>
        response(200).json(example('listAlphabetGames', 200)),
      ),
    )
    try {
      await renderPage({ provider: 'alphabet' })
      expect(await playButton('ບາຄາຣ່າ')).toBeInTheDocument()
      changeLocale('th')
      await waitFor(() => expect(api.to('/v2/games/alphabet')).toHaveLength(2))
      const locales = api
        .to('/v2/games/alphabet')
        .map((r) => new URL(r.url).searchParams.get('locale'))
      expect(locales).toEqual(['lo', 'th'])
    } finally {
      changeLocale('lo')
    }
  })

  it('renders only the tiles near the screen of a long list, each saying its place', async () => {
    await renderLongList(300)
    expect(await playButton('Slot 0')).toBeInTheDocument()
    expect(screen.getByText(m.game_results_count({ count: 300 }))).toBeInTheDocument()
    const tiles = screen.getAllByRole('listitem')
    expect(tiles.length).toBeGreaterThan(0)
    expect(tiles.length).toBeLessThan(60)
    expect(tiles[0]).toHaveAttribute('aria-posinset', '1')
    expect(tiles[0]).toHaveAttribute('aria-setsize', '300')
  })

  it("draws the first screen's rows at once and the rest's, near the screen, once scrolled", async () => {
    await renderLongList(300)
    expect(await playButton('Slot 0')).toBeInTheDocument()
    // jsdom's window is 768 px high, its list 0 px wide: two columns, ceil(768 / 180) rows.
    const firstScreen = Math.ceil(window.innerHeight / 180) * 2
    expect(screen.getAllByRole('listitem')).toHaveLength(firstScreen)
    // The pictures of the first two rows are fetched at once, the very first at high priority
    // (likely the page's largest paint); the rest lazily.
    const picture = (place: number) =>
      screen.getAllByRole('listitem')[place - 1]!.querySelector('img')!
    expect(picture(1)).toHaveAttribute('loading', 'eager')
    expect(picture(1)).toHaveAttribute('fetchpriority', 'high')
    expect(picture(4)).toHaveAttribute('loading', 'eager')
    expect(picture(4)).not.toHaveAttribute('fetchpriority')
    expect(picture(5)).toHaveAttribute('loading', 'lazy')
    // The virtualiser's code comes with the first scroll (or once the page has settled).
    fireEvent.scroll(window)
    const next = await playButton(`Slot ${firstScreen}`)
    const tile = next.closest('[role="listitem"]')
    expect(tile).toHaveAttribute('aria-posinset', String(firstScreen + 1))
    expect(screen.getAllByRole('listitem').length).toBeLessThan(60)
    expect(screen.queryByRole('button', { name: m.game_play_named({ name: 'Slot 299' }) })).toBe(
      null,
    )
  })

  it("takes its columns from the observer's width, never measuring the list in the commit", async () => {
    // A browser's observer: its first callback comes after the browser's own layout.
    const observed = new Map<Element, ResizeObserverCallback>()
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private callback: ResizeObserverCallback) {}
        observe(element: Element) {
          observed.set(element, this.callback)
        }
        unobserve() {}
        disconnect() {}
      },
    )
    const widthRead = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get')
    await renderLongList(300)
    expect(await playButton('Slot 0')).toBeInTheDocument()
    expect(widthRead).not.toHaveBeenCalled()
    const list = screen.getAllByRole('listitem')[0]!.closest('[role="list"]')!
    const rows = () => list.querySelectorAll(':scope > div.grid')
    const report = (width: number) =>
      act(() =>
        observed.get(list)!(
          [{ contentRect: { width } } as ResizeObserverEntry],
          {} as ResizeObserver,
        ),
      )
    // jsdom's window is 1024 px wide: five columns guessed from it, then what the list measures.
    expect(rows()[0]!.children).toHaveLength(5)
    report(343)
    expect(rows()[0]!.children).toHaveLength(2)
    report(720)
    expect(rows()[0]!.children).toHaveLength(4)
  })

  it('shows a failed list with a way to retry, also for a wrong-shaped body', async () => {
    let wrongShape = true
    const api = world(
      http.get('/v2/games', ({ response }) =>
        wrongShape
          ? // Outside the contract on purpose: the app must refuse a body it cannot read.
            response.untyped(HttpResponse.json({ unexpected: true }))
          : response(200).json(askmebetGames),
      ),
    )
    const { user } = await renderPage({ tab: 'Slot' }).rendered
    expect(await screen.findByText(m.game_list_failed())).toBeInTheDocument()
    wrongShape = false
    await user.click(screen.getByRole('button', { name: m.error_try_again() }))
    expect(await playButton('Mekong Treasure')).toBeInTheDocument()
    expect(api.to('/v2/games').length).toBeGreaterThanOrEqual(2)
  })
})

describe('opening a game', () => {
  it('sends the game with an Idempotency-Key and goes to the launch URL', async () => {
    const api = world()
    const { rendered, launchSpy } = renderPage({ tab: 'Slot' })
    const { user } = await rendered
    await user.click(await playButton('Mekong Treasure'))
    await waitFor(() => expect(launchSpy).toHaveBeenCalledTimes(1))
    expect(launchSpy).toHaveBeenCalledWith(new URL(launch.url, window.location.origin).href)
    const [request] = api.to('/v2/games/open')
    expect(request!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/)
    expect(await request!.json()).toEqual({ provider: 'askmebet', gameCode: 'AMB-SLOT-0142' })
  })

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://x.test/g'])(
    'never follows a launch URL that is not http(s): %s',
    async (url) => {
      world(openGame(({ response }) => response(200).json({ url })))
      const { rendered, launchSpy } = renderPage({ tab: 'Slot' })
      const { user } = await rendered
      await user.click(await playButton('Mekong Treasure'))
      const dialog = await screen.findByRole('alertdialog', { name: m.game_open_failed_title() })
      expect(within(dialog).getByText(m.game_launch_refused())).toBeInTheDocument()
      expect(launchSpy).not.toHaveBeenCalled()
    },
  )

  it('says "please deposit" with a link to the deposit page (GAME_REQUIRES_DEPOSIT)', async () => {
    const api = world(
      openGame(({ response }) =>
        response(403).json(example('openGame', 403, 'GAME_REQUIRES_DEPOSIT')),
      ),
    )
    const { rendered, launchSpy } = renderPage({ tab: 'Slot' })
    const { user, router } = await rendered
    await user.click(await playButton('Mekong Treasure'))
    const dialog = await screen.findByRole('alertdialog', { name: m.game_open_failed_title() })
    // The provider of the details is named (the contract's example: GClub).
    expect(
      within(dialog).getByText(m.errors_game_requires_deposit_at({ provider: 'GClub' })),
    ).toBeInTheDocument()
    const link = within(dialog).getByRole('link', { name: m.game_deposit_link() })
    expect(link).toHaveAttribute('href', '/player/deposit')
    expect(launchSpy).not.toHaveBeenCalled()

    // The server answered: the next tap (after depositing) is a new intent with a new key.
    await user.click(within(dialog).getByRole('button', { name: m.layout_close() }))
    await user.click(await playButton('Mekong Treasure'))
    await waitFor(() => expect(api.to('/v2/games/open')).toHaveLength(2))
    const [first, second] = api.to('/v2/games/open').map((r) => r.headers.get('Idempotency-Key'))
    expect(second).not.toBe(first)

    await user.click(within(await screen.findByRole('alertdialog')).getByRole('link'))
    expect(router.state.location.pathname).toBe('/player/deposit')
  })

  it('retries a failed server with the same key, and shows every other code its message', async () => {
    const failed = example('openGame', 500)
    let status = 500
    const api = world(
      openGame(({ response }) =>
        status === 500
          ? response(500).json(failed)
          : response(404).json(example('openGame', 404, 'GAME_NOT_FOUND')),
      ),
    )
    const { user } = await renderPage({ tab: 'Slot' }).rendered
    await user.click(await playButton('Golden Naga'))
    let dialog = await screen.findByRole('alertdialog')
    const reference = m.errors_request_reference({ requestId: failed.requestId })
    expect(
      within(dialog).getByText(`${m.errors_internal_error()} ${reference}`),
    ).toBeInTheDocument()
    status = 404
    await user.click(within(dialog).getByRole('button', { name: m.error_try_again() }))
    dialog = await screen.findByRole('alertdialog')
    expect(
      await within(dialog).findByText(m.errors_game_not_found_at({ provider: 'Alphabet' })),
    ).toBeInTheDocument()
    const keys = api.to('/v2/games/open').map((r) => r.headers.get('Idempotency-Key'))
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
  })
})

describe('the refresh action on the credit', () => {
  it('fetches the credit and the list again, spins meanwhile and says when it is done', async () => {
    let release = () => {}
    let hold = false
    const api = world(
      http.get('/v2/players/credits/{provider}', async ({ params, response }) => {
        if (params.provider !== 'askmebet') return undefined
        if (hold) await new Promise<void>((resolve) => (release = resolve))
        return response(200).json(askmebetCredit)
      }),
    )
    const { user } = await renderPage({ tab: 'Slot' }).rendered
    await playButton('Mekong Treasure')
    await waitFor(() => expect(api.to('/v2/players/credits/askmebet')).toHaveLength(1))
    hold = true
    const button = screen.getByRole('button', { name: m.game_refresh() })
    await user.click(button)
    await waitFor(() => expect(button).toHaveAttribute('data-pending', 'true'))
    expect(await screen.findByText(m.game_credit_refreshing())).toBeInTheDocument()
    expect(screen.queryByText(m.game_refresh_done())).not.toBeInTheDocument()
    release()
    expect(await screen.findByText(m.game_refresh_done())).toBeInTheDocument()
    expect(button).not.toHaveAttribute('data-pending')
    expect(api.to('/v2/players/credits/askmebet')).toHaveLength(2)
    // askmebet's list is never stale by time, but the refresh action refetches it all the same.
    expect(api.to('/v2/games')).toHaveLength(2)
  })
})
