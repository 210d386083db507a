// The first-load experiment: the calls the site's /player/deposit makes on its first load
// (the seven of the page and its layout, and the four provider credits of spec section 4),
// started as the page's entry runs, before its app, as the site's page preload starts them
// (decision 009, src/first-calls.ts).

// The providers and their names as the site shows them, from the site's module of them (it
// has no run-time imports, so the experiment stays free of the site's messages).
import { PROVIDER_NAMES, PROVIDERS, type Provider } from '../../../src/lib/providers'
import { type CallPath, creditPath, startCalls } from './first-calls'

export { PROVIDER_NAMES, PROVIDERS, type Provider }

/** What decides the page's body: the site's deposit waits for these five. */
export const BODY_CALLS = [
  '/v2/agency/info',
  '/v2/players/bank-accounts',
  '/v2/deposits/open',
  '/v2/rates',
  '/v2/players/promotions/using',
] as const satisfies readonly CallPath[]
/** Drawn as they come: the player's name in the layout, the account's bank name. */
export const OTHER_CALLS = ['/v2/players/info', '/v2/banks'] as const satisfies readonly CallPath[]
/** Sends every first call at once (the entry, before the app). */
export const startDepositCalls = () =>
  startCalls([...BODY_CALLS, ...OTHER_CALLS, ...PROVIDERS.map(creditPath)])
