// The first-load experiment's game page, as the goals let a logged-in page have it: the game
// page's first calls (src/game-calls.ts) drawn as the site draws /player/game/askmebet's first
// screen with react-aria-components: the provider's credit with its refresh button, the search
// field, the category tabs and the first screen's tiles, each with its picture and its play
// button. No stylesheet, fonts, layout, router tree, messages module, response check or
// overlays of the site's: what the game page's data and controls need, and nothing else.
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useMemo, useState } from 'react'
import {
  Button,
  Input,
  Label,
  SearchField,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  useFilter,
  type Key,
} from 'react-aria-components'
import { answer, type CallPath } from './first-calls'
import { CREDIT_CALL, GAMES_CALL, type GameCategory, PROVIDER } from './game-calls'
import { fill, money } from './texts'

/**
 * The site's Lao messages this page shows (messages/lo.json), copied as deposit's are
 * (src/deposit-calls-page.tsx); tests/bench/deposit-calls.test.ts holds them equal to the site's.
 */
export const MESSAGES = {
  page_title_game_askmebet: 'ເກມ AskMeBet',
  game_list_loading: 'ກຳລັງໂຫຼດເກມ…',
  game_list_failed: 'ບໍ່ສາມາດໂຫຼດລາຍການເກມໄດ້',
  error_try_again: 'ລອງໃໝ່',
  game_credit_label: 'ເຄຣດິດຢູ່ {provider}',
  game_refresh: 'ໂຫຼດເຄຣດິດ ແລະ ລາຍການຄືນໃໝ່',
  game_search_label: 'ຄົ້ນຫາເກມ',
  game_search_placeholder: 'ຊື່ເກມ',
  layout_close: 'ປິດ',
  game_categories_label: 'ໝວດເກມ',
  game_results_count: 'ເກມທີ່ສະແດງ: {count}',
  game_play: 'ຫຼິ້ນ',
  game_play_named: 'ຫຼິ້ນ {name}',
  game_new_badge: 'ໃໝ່',
}
/** The categories' names, in the site's order of tabs (spec section 1), held equal the same way. */
export const CATEGORY_MESSAGES = {
  game_category_baccarat: 'ບາຄາຣ່າ',
  game_category_slot: 'ສະລັອດ',
  game_category_fish_shooting: 'ເກມຍິງປາ',
  game_category_roulette: 'ຣູເລັດ',
  game_category_hilo_sicbo: 'ໄຮໂລ / ໄຊໂບ',
  game_category_fantan: 'ຟານຕານ',
  game_category_pokdeng: 'ປ໊ອກເດັ້ງ',
  game_category_texas_poker: 'ເທັກຊັສໂປກເກີ',
  game_category_dragon_tiger: 'ມັງກອນ-ເສືອ',
  game_category_blackjack: 'ແບລັກແຈັກ',
  game_category_lottery: 'ຫວຍ',
  game_category_keno: 'ຄີໂນ',
  game_category_others: 'ອື່ນໆ',
} satisfies Record<`game_category_${GameCategory}`, string>
const M = MESSAGES
const CATEGORIES = Object.keys(CATEGORY_MESSAGES).map((key) =>
  key.replace('game_category_', ''),
) as GameCategory[]
const categoryName = (category: GameCategory) => CATEGORY_MESSAGES[`game_category_${category}`]

/**
 * The tiles of a first screen: the site draws the rows a first screen can show without its
 * virtualiser (src/features/games/game-grid.tsx), two columns of them on a phone.
 */
const FIRST_SCREEN_TILES = 8

const call = <C extends CallPath>(path: C) => ({ queryKey: [path], queryFn: () => answer(path) })

function Credit() {
  const { data, refetch } = useQuery(call(CREDIT_CALL))
  return (
    <section>
      <h2>{fill(M.game_credit_label, { provider: PROVIDER.name })}</h2>
      <p>{data ? money(data.credit.amount, data.credit.currency) : '…'}</p>
      <Button aria-label={M.game_refresh} onPress={() => void refetch()}>
        ↻
      </Button>
    </section>
  )
}

type Game = { code: string; name: string; imageUrl: string; isNew: boolean; category: GameCategory }

function Tile({ game, position, setSize }: { game: Game; position: number; setSize: number }) {
  return (
    <div role="listitem" aria-posinset={position} aria-setsize={setSize}>
      <img src={game.imageUrl} alt="" width={320} height={240} loading="eager" decoding="async" />
      {game.isNew && <span>{M.game_new_badge}</span>}
      <h3>{game.name}</h3>
      <p>{categoryName(game.category)}</p>
      <Button aria-label={fill(M.game_play_named, { name: game.name })}>{M.game_play}</Button>
    </div>
  )
}

function Games({ games }: { games: Game[] }) {
  const [search, setSearch] = useState('')
  const deferredSearch = useDeferredValue(search.trim())
  const { contains } = useFilter({ sensitivity: 'base' })
  const categories = useMemo(
    () => CATEGORIES.filter((category) => games.some((game) => game.category === category)),
    [games],
  )
  // The site's link opens askmebet on its slots (`?tab=Slot`).
  const [selected, setSelected] = useState<GameCategory>(
    categories.includes('slot') ? 'slot' : categories[0]!,
  )
  const shown = games.filter(
    (game) =>
      game.category === selected && (deferredSearch === '' || contains(game.name, deferredSearch)),
  )
  return (
    <>
      <SearchField value={search} onChange={setSearch}>
        <Label>{M.game_search_label}</Label>
        <Input placeholder={M.game_search_placeholder} />
        <Button aria-label={M.layout_close}>✕</Button>
      </SearchField>
      <Tabs
        selectedKey={selected}
        onSelectionChange={(key: Key) => setSelected(key as GameCategory)}
      >
        <TabList aria-label={M.game_categories_label} items={categories.map((id) => ({ id }))}>
          {({ id }) => <Tab id={id}>{categoryName(id)}</Tab>}
        </TabList>
        <TabPanel id={selected}>
          <p role="status">{fill(M.game_results_count, { count: shown.length })}</p>
          <div role="list">
            {shown.slice(0, FIRST_SCREEN_TILES).map((game, i) => (
              <Tile key={game.code} game={game} position={i + 1} setSize={shown.length} />
            ))}
          </div>
        </TabPanel>
      </Tabs>
    </>
  )
}

export function GameCallsPage() {
  // The body waits for the game list, as the site's route loader does; the player's name and
  // the credit come as they come.
  const gameList = useQuery(call(GAMES_CALL))
  const player = useQuery(call('/v2/players/info'))
  useQuery(call('/v2/agency/info'))
  // The list follows its answer at a transition's priority, as the site draws its pages.
  const list = useDeferredValue(gameList.data?.games)
  let body
  if (gameList.isError) {
    body = (
      <div role="alert">
        <p>{M.game_list_failed}</p>
        <Button onPress={() => void gameList.refetch()}>{M.error_try_again}</Button>
      </div>
    )
  } else if (!list) {
    body = <p>{M.game_list_loading}</p>
  } else {
    body = <Games games={list} />
  }
  return (
    <main lang="lo">
      <p>{player.data?.player.displayName ?? '…'}</p>
      <h1>{M.page_title_game_askmebet}</h1>
      <Credit />
      {body}
    </main>
  )
}
