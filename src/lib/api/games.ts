// Contract tag `games`: the providers' game lists.
import {
  queryOptions,
  type QueryClient,
  type QueryFunction,
  type QueryKey,
} from '@tanstack/react-query'
import type { components } from '~generated/api/schema'
import { loadPageData } from '~/lib/query-state'
import { $api } from './client'
import { prefetchProviderCredits, type LoaderCause } from './credits'

type Provider = components['schemas']['Provider']
type GameCategory = components['schemas']['GameCategory']
type Locale = components['schemas']['Locale']
type GameList = components['schemas']['GameList']

/**
 * Spec section 2: askmebet and alphabet game data never go stale (their catalogues change
 * with releases, not while a player browses); the other providers follow the defaults.
 */
const NEVER_STALE = { staleTime: Number.POSITIVE_INFINITY } as const
const neverStaleProviders: ReadonlySet<Provider> = new Set(['askmebet', 'alphabet'])
const staleTimeOf = (provider: Provider) =>
  neverStaleProviders.has(provider) ? NEVER_STALE : undefined

export const gameListQueryOptions = (provider: Provider, category?: GameCategory) =>
  $api.queryOptions(
    'get',
    '/v2/games',
    { params: { query: { provider, category } } },
    staleTimeOf(provider),
  )

/** Alphabet's game names come in the player's language: the locale is part of the key. */
export const alphabetGamesQueryOptions = (category?: GameCategory, locale?: Locale) =>
  $api.queryOptions(
    'get',
    '/v2/games/alphabet',
    { params: { query: { category, locale } } },
    NEVER_STALE,
  )

/**
 * A provider page's game list: alphabet has its own call with names in the player's language
 * (a language switch changes the key and so fetches the names again); the other providers' names
 * are the provider's own and do not depend on the language. Both are asked for every category at
 * once: the page's tabs are the categories the provider actually has (decision 010).
 */
export function providerGamesQueryOptions(provider: Provider, locale: Locale) {
  const { queryKey, queryFn } =
    provider === 'alphabet'
      ? alphabetGamesQueryOptions(undefined, locale)
      : gameListQueryOptions(provider)
  // Both calls answer a GameList: one options type for the page, with the calls' own keys.
  return queryOptions({
    queryKey: queryKey as QueryKey,
    queryFn: queryFn as QueryFunction<GameList>,
    ...staleTimeOf(provider),
  })
}

/**
 * A provider page's loader: its game list, prefetched, not ensured (a failed list is the
 * page's own error state with a retry), and beside it the credit panel's call, not
 * when the panel mounts. Returns the list's promise for the router to wait on.
 */
export function loadProviderPage(
  queryClient: QueryClient,
  provider: Provider,
  { locale, cause }: { locale: Locale; cause: LoaderCause },
) {
  const list = loadPageData(queryClient, [providerGamesQueryOptions(provider, locale)])
  void prefetchProviderCredits(queryClient, { cause, providers: [provider] })
  return list
}

/** Opening a game is sent with an Idempotency-Key (one per intent): a double tap opens once. */
export const useOpenGameMutation = () => $api.useMutation('post', '/v2/games/open')
