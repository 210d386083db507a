import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { Tab, TabList, TabPanel, Tabs, useFilter, type Key } from 'react-aria-components'
import * as rules from '~generated/api/rules'
import { m } from '~generated/paraglide/messages'
import { providerGamesQueryOptions } from '~/lib/api/games'
import { queriesState, staleOf } from '~/lib/query-state'
import {
  categoryOfTab,
  GAME_CATEGORY_NAMES,
  tabOfCategory,
  type GameCategory,
  type Provider,
} from '~/lib/game-catalogue'
import { useLocale } from '~/lib/locale'
import { EmptyState, LoadingState } from '~/ui/query-state'
import { LoadFailed, RefreshFailed } from '~/widgets/query-problems'
import { SearchField } from '~/ui/search-field'
import { CreditPanel } from './credit-panel'
import { categoriesOf, gamesOf, selectedCategory } from './game-data'
import { GameGrid } from './game-grid'
import { OpenGameError, sameTabLaunch, useOpenGame } from './open-game'

const PAGE_TITLES = {
  alphabet: m.page_title_game_alphabet,
  askmebet: m.page_title_game_askmebet,
  gclub: m.page_title_game_gclub,
  gclub_live: m.page_title_game_gclub_live,
} as const satisfies Record<Provider, () => string>

type ProviderGamesPageProps = {
  provider: Provider
  /** The category tab the URL names (`Slot`, `Fish-shooting`), already checked by the route. */
  tab: string | undefined
  /** Puts another tab in the URL (the route owns its search params). */
  onTabChange: (tab: string) => void
  /** How the browser goes to a game's launch URL (tests watch it; the site uses the same tab). */
  launch?: (url: string) => void
}

/**
 * The categories' row. It holds a tab's height (44 px and the 8 px below) before its tabs are
 * in: react-aria builds the tabs' collection first, and the tabs can come a frame after the
 * panel below, which then moved down by their height (CLS 0.022; decision 009).
 */
const TAB_ROW = '-mx-4 flex min-h-13 gap-2 overflow-x-auto px-4 pb-2 bar:mx-0 bar:px-0'

/**
 * A provider's page: its credit, its games by category (tabs, when it has more than one) and a
 * search by name in the language the names come in.
 */
export function ProviderGamesPage({
  provider,
  tab,
  onTabChange,
  launch = sameTabLaunch,
}: ProviderGamesPageProps) {
  const locale = useLocale()
  const query = useQuery({
    ...providerGamesQueryOptions(provider, locale),
    select: gamesOf,
    // A language switch asks for alphabet's names again: keep showing the old ones meanwhile.
    placeholderData: keepPreviousData,
  })
  const [search, setSearch] = useState('')
  const deferredSearch = useDeferredValue(search.trim())
  const { open, opening, failure, dismiss } = useOpenGame(provider, launch)
  // Locale-aware, accent- and case-insensitive "contains" (react-aria's useFilter).
  const { contains } = useFilter({ sensitivity: 'base' })

  const games = query.data
  const state = queriesState([query])
  const openingGame = opening === undefined ? undefined : games?.find((g) => g.code === opening)
  const categories = useMemo(() => (games ? categoriesOf(games) : []), [games])
  const { selected, drawnCategory, choose } = useCategoryTab(categories, tab, onTabChange)
  const shown = useMemo(
    () =>
      (games ?? []).filter(
        (game) =>
          (drawnCategory === undefined || game.category === drawnCategory) &&
          (deferredSearch === '' || contains(game.name, deferredSearch)),
      ),
    [games, drawnCategory, deferredSearch, contains],
  )

  const grid = (
    <div className="space-y-3">
      <p role="status" className="text-sm text-ink-muted">
        {m.game_results_count({ count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <EmptyState
          title={
            deferredSearch ? m.game_search_empty({ name: deferredSearch }) : m.game_list_empty()
          }
        />
      ) : (
        <GameGrid games={shown} opening={opening} onPlay={open} />
      )}
    </div>
  )

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4 p-4 bar:p-6">
      <h1 className="text-2xl font-bold">{PAGE_TITLES[provider]()}</h1>
      <CreditPanel provider={provider} />
      <SearchField
        label={m.game_search_label()}
        placeholder={m.game_search_placeholder()}
        clearLabel={m.layout_close()}
        value={search}
        onChange={setSearch}
        // No game's name is longer, so more could match nothing (a 10,000-character paste).
        maxLength={rules.Game.name.maxLength}
        className="max-w-md"
      />
      <RefreshFailed stale={staleOf(state)} />
      {games === undefined ? (
        state.status === 'failed' ? (
          <LoadFailed failure={state} title={m.game_list_failed()} />
        ) : (
          <LoadingState className="min-h-72" label={m.game_list_loading()} />
        )
      ) : games.length === 0 ? (
        <EmptyState title={m.game_list_empty()} />
      ) : categories.length > 1 && selected ? (
        <Tabs
          selectedKey={selected}
          // Pressing the tab already shown reports it again: no change, so no navigation.
          onSelectionChange={(key: Key) => {
            if (key !== selected) choose(key as GameCategory)
          }}
        >
          <TabList
            aria-label={m.game_categories_label()}
            items={categories.map((id) => ({ id }))}
            className={TAB_ROW}
          >
            {({ id }) => (
              <Tab
                id={id}
                className="flex min-h-11 shrink-0 cursor-pointer items-center rounded-full border border-line px-4 text-sm whitespace-nowrap text-ink-muted outline-none hover:bg-surface-overlay focus-visible:outline-3 focus-visible:outline-accent selected:border-accent selected:bg-accent selected:font-semibold selected:text-surface"
              >
                {GAME_CATEGORY_NAMES[id]()}
              </Tab>
            )}
          </TabList>
          {/* One panel, the selected tab's: switching keeps the grid mounted (the virtualiser
              and the tiles' rows stay), and only its games change, once drawn. Busy until then. */}
          <TabPanel id={selected} className="outline-none" aria-busy={drawnCategory !== selected}>
            {grid}
          </TabPanel>
        </Tabs>
      ) : (
        grid
      )}
      {/* Says what the tap started: the launch can take a moment on a slow phone network. */}
      <p role="status" className="sr-only">
        {openingGame && m.game_opening({ name: openingGame.name })}
      </p>
      <OpenGameError failure={failure} onDismiss={dismiss} onRetry={open} />
    </div>
  )
}

/**
 * The category tab: the one pressed is selected at once, and its games are drawn as a
 * deferred render, which React does in slices between frames, so the tap is answered before
 * hundreds of tiles are (decision 020). The URL follows once they are drawn: its navigation
 * runs the route again. A URL changed by other means (a menu's link) wins.
 */
function useCategoryTab(
  categories: readonly GameCategory[],
  tab: string | undefined,
  onTabChange: (tab: string) => void,
) {
  const wanted = categoryOfTab(tab)
  const [chosen, setChosen] = useState(wanted)
  const [urlWanted, setUrlWanted] = useState(wanted)
  if (urlWanted !== wanted) {
    setUrlWanted(wanted)
    setChosen(wanted)
  }
  const selected = selectedCategory(categories, chosen)
  // Until the list first arrives nothing is drawn: its first category is drawn with it.
  const drawnCategory = useDeferredValue(selected) ?? selected
  const toUrl = useRef<GameCategory | undefined>(undefined)
  useEffect(() => {
    if (drawnCategory === undefined || toUrl.current !== drawnCategory) return
    toUrl.current = undefined
    onTabChange(tabOfCategory(drawnCategory))
  }, [drawnCategory, onTabChange])
  const choose = (category: GameCategory) => {
    toUrl.current = category
    setChosen(category)
  }
  return { selected, drawnCategory, choose }
}
