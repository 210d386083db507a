// The first-load experiment: the calls the site's /player/deposit makes on its first load
// (the seven of the page and its layout, and the four provider credits of spec section 4),
// started as the page's entry runs, before its app, as the site's page preload starts them
// (decision 009, src/first-calls.ts).

// The providers and their names as the site shows them, from the site's module of them (it
// has no run-time imports, so the experiment stays free of the site's messages).
import { PROVIDER_NAMES, PROVIDERS, type Provider } from '../../../src/lib/providers'
import { answer, type CallPath, creditPath, startCalls } from './first-calls'

export { answer, creditPath, PROVIDER_NAMES, PROVIDERS, type CallPath, type Provider }

const SYMBOLS: Record<string, string> = { LAK: '₭', THB: '฿', USD: 'US$' }

/**
 * An amount as Lao writes money (`₭50.000`, `฿1.180,00`), from its decimal string: CLDR lo,
 * as src/domain/format.ts's NUMBER_RULES.lo, which the experiment does not import (it brings the
 * site's locale runtime); tests/bench/deposit-calls.test.ts holds the two equal.
 */
export function money(amount: string, currency: string) {
  const [whole = '0', fraction] = amount.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${SYMBOLS[currency] ?? `${currency} `}${grouped}${fraction ? `,${fraction}` : ''}`
}

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
