// Contract tag `games`: the providers' game lists.
import type { components } from '~generated/api/schema'
import { $api } from './client'

type Provider = components['schemas']['Provider']
type GameCategory = components['schemas']['GameCategory']
type Locale = components['schemas']['Locale']

/**
 * Spec section 2: askmebet and alphabet game data never go stale (their catalogues change
 * with releases, not while a player browses); the other providers follow the defaults.
 */
const NEVER_STALE = { staleTime: Number.POSITIVE_INFINITY } as const
const neverStaleProviders: ReadonlySet<Provider> = new Set(['askmebet', 'alphabet'])

export const gameListQueryOptions = (provider: Provider, category?: GameCategory) =>
  $api.queryOptions(
    'get',
    '/v2/games',
    { params: { query: { provider, category } } },
    neverStaleProviders.has(provider) ? NEVER_STALE : undefined,
  )

/** Alphabet's game names come in the player's language: the locale is part of the key. */
export const alphabetGamesQueryOptions = (category?: GameCategory, locale?: Locale) =>
  $api.queryOptions(
    'get',
    '/v2/games/alphabet',
    { params: { query: { category, locale } } },
    NEVER_STALE,
  )
