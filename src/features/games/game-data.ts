import type { components } from '~generated/api/schema'
import { malformedAnswer } from '~/lib/api/error'
import { GAME_CATEGORIES, type GameCategory } from '~/lib/game-catalogue'

type GameList = components['schemas']['GameList']
export type Game = components['schemas']['Game']

const knownCategories: ReadonlySet<string> = new Set(GAME_CATEGORIES)

const isText = (value: unknown): value is string => typeof value === 'string' && value !== ''

/**
 * The games of a list answer, as the page shows them. A body without a `games` array fails the
 * load; a single game without a code or a name is left out rather than failing the other
 * hundreds. A category this build does not know (a newer backend) is shown under "others",
 * like every unknown enum value: neutrally, never failing the page.
 */
export function gamesOf(data: GameList): Game[] {
  const games: unknown = (data as Partial<GameList> | undefined)?.games
  if (!Array.isArray(games)) throw malformedAnswer('games')
  return games.flatMap((game: Partial<Game>) =>
    isText(game?.code) && isText(game.name)
      ? [
          {
            ...game,
            code: game.code,
            name: game.name,
            imageUrl: isText(game.imageUrl) ? game.imageUrl : '',
            isNew: game.isNew === true,
            category: knownCategories.has(game.category ?? '') ? game.category : 'others',
          } as Game,
        ]
      : [],
  )
}

/** The categories the provider has, in the spec's order: these are its tabs. */
export function categoriesOf(games: readonly Game[]): GameCategory[] {
  const present = new Set(games.map((game) => game.category))
  return GAME_CATEGORIES.filter((category) => present.has(category))
}

/**
 * The tab shown: the one the URL names when the provider has it, else the first one
 * (an unknown or absent tab falls back, spec: askmebet opens on Slot through its links).
 */
export function selectedCategory(
  categories: readonly GameCategory[],
  wanted: GameCategory | undefined,
): GameCategory | undefined {
  return wanted && categories.includes(wanted) ? wanted : categories[0]
}
