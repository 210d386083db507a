import type { components } from '~generated/api/schema'
import { $api } from '~/lib/api-client'
import { GAME_CATEGORIES } from '~/lib/game-catalogue'

type Provider = components['schemas']['Provider']
type GameCategory = components['schemas']['GameCategory']
type Locale = components['schemas']['Locale']

/** The menus open askmebet on this tab (spec section 2). */
export const DEFAULT_GAME_TAB = 'Slot'

/**
 * Spec section 2: askmebet and alphabet game data never go stale (their catalogues change
 * with releases, not while a player browses); the other providers follow the defaults.
 */
const NEVER_STALE = { staleTime: Number.POSITIVE_INFINITY } as const
const neverStaleProviders: ReadonlySet<Provider> = new Set(['askmebet', 'alphabet'])

// A plain set rather than the generated zod enum: this module is on the first screen's path
// (route loaders) and zod would add ~29 KB gzipped to the entry chunk.
const categories: ReadonlySet<string> = new Set(GAME_CATEGORIES)
const isGameCategory = (value: string): value is GameCategory => categories.has(value)

/** A menu tab (`Slot`, `Fish shooting`) as the contract's category (`slot`, `fish_shooting`). */
export function categoryOfTab(tab: string | undefined): GameCategory | undefined {
  if (!tab) return undefined
  const category = tab
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
  return isGameCategory(category) ? category : undefined
}

export const gameListQueryOptions = (provider: Provider, category?: GameCategory) =>
  $api.queryOptions(
    'get',
    '/v2/games',
    { params: { query: { provider, category } } },
    neverStaleProviders.has(provider) ? NEVER_STALE : undefined,
  )

export const alphabetGamesQueryOptions = (category?: GameCategory, locale?: Locale) =>
  $api.queryOptions(
    'get',
    '/v2/games/alphabet',
    { params: { query: { category, locale } } },
    NEVER_STALE,
  )
