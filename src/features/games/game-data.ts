import type { components } from '~generated/api/schema'
import { ApiError } from '~/lib/api/error'
import { GAME_CATEGORIES, type GameCategory } from '~/lib/game-catalogue'
import { isDecimal } from '~/lib/money'

type GameList = components['schemas']['GameList']
type ProviderCredit = components['schemas']['ProviderCredit']
export type Game = components['schemas']['Game']
export type Credit = components['schemas']['Credit']

const knownCategories: ReadonlySet<string> = new Set(GAME_CATEGORIES)

/** A wrong-shaped answer is a failed load (with retry), never a crash deep in a tile. */
function malformed(what: string): ApiError {
  return new ApiError(200, { code: 'UNEXPECTED_RESPONSE', message: what }, '')
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== ''

/**
 * The games of a list answer, as the page shows them. A body without a `games` array fails the
 * load; a single game without a code or a name is left out rather than failing the other
 * hundreds. A category this build does not know (a newer backend) is shown under "others",
 * like every unknown enum value: neutrally, never failing the page.
 */
export function gamesOf(data: GameList): Game[] {
  const games: unknown = (data as Partial<GameList> | undefined)?.games
  if (!Array.isArray(games)) throw malformed('games')
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

/**
 * The credit of a credit answer. The contract's defaults fill what is absent
 * (`{amount: "0.00", currency: THB}`); an amount that is not a decimal fails the load, since
 * showing a wrong balance is worse than showing none.
 */
export function creditOf(data: ProviderCredit): Credit {
  const credit: Partial<Credit> | undefined = (data as Partial<ProviderCredit> | undefined)?.credit
  const amount = credit?.amount ?? '0.00'
  const currency = credit?.currency ?? 'THB'
  if (typeof amount !== 'string' || !isDecimal(amount)) throw malformed('credit')
  return { amount, currency }
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
