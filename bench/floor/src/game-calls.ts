// The first-load experiment: the calls the site's /player/game/askmebet makes on its first
// load (agency info and the player for its layout, the provider's games and credit), started
// as the page's entry runs, before its app, as the site's page preload starts them
// (decision 009, src/first-calls.ts).
import type { components } from '../../../generated/api/schema'
import { PROVIDER_NAMES } from '../../../src/lib/providers'
import { creditPath, startCalls, type CallPath } from './first-calls'

export type GameCategory = components['schemas']['GameCategory']

export const PROVIDER = { id: 'askmebet', name: PROVIDER_NAMES.askmebet } as const
export const GAMES_CALL = `/v2/games?provider=${PROVIDER.id}` as const satisfies CallPath
export const CREDIT_CALL = creditPath(PROVIDER.id)
export const GAME_CALLS = [
  '/v2/agency/info',
  '/v2/players/info',
  GAMES_CALL,
  CREDIT_CALL,
] as const satisfies readonly CallPath[]

/** Sends every first call at once (the entry, before the app). */
export const startGameCalls = () => startCalls(GAME_CALLS)
