// The first-load experiment: the calls the site's /player/deposit makes on its first load
// (the seven of the page and its layout, and the four provider credits of spec section 4),
// started as the page's entry runs, before its app, as the site's page preload starts them
// (decision 009). The app's queries take the started answers. Paths and
// answers are the contract's (generated/api/schema.d.ts): a path it does not have, or an
// answer read as a shape it does not give, fails the type check.
import type { paths } from '../../../generated/api/schema'

// The providers and their names as the site shows them, from the site's module of them (it
// has no run-time imports, so the experiment stays free of the site's messages).
import { PROVIDER_NAMES, PROVIDERS, type Provider } from '../../../src/lib/providers'

export { PROVIDER_NAMES, PROVIDERS, type Provider }

type CreditPath = `/v2/players/credits/${Provider}`
/** A call's path (under /api, which the preview proxies to the mock). */
export type CallPath = Exclude<keyof paths, '/v2/players/credits/{provider}'> | CreditPath
type Json<T> = T extends {
  get: { responses: { 200: { content: { 'application/json': infer A } } } }
}
  ? A
  : never
/** A call's answer, as the contract gives it. */
export type Answer<P extends CallPath> = P extends CreditPath
  ? Json<paths['/v2/players/credits/{provider}']>
  : P extends keyof paths
    ? Json<paths[P]>
    : never

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
export const creditPath = (provider: Provider): CreditPath => `/v2/players/credits/${provider}`

async function fetchJson<P extends CallPath>(path: P): Promise<Answer<P>> {
  const response = await fetch(`/api${path}`)
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return (await response.json()) as Answer<P>
}

const started = new Map<CallPath, Promise<unknown>>()

/** Sends every first call at once (the entry, before the app). */
export function startDepositCalls() {
  for (const path of [...BODY_CALLS, ...OTHER_CALLS, ...PROVIDERS.map(creditPath)]) {
    const answer = fetchJson(path)
    answer.catch(() => {}) // Its query reads the failure; nothing goes unhandled meanwhile.
    started.set(path, answer)
  }
}

/** A query's answer: the one started with the entry the first time, a new call after. */
export function answer<P extends CallPath>(path: P): Promise<Answer<P>> {
  const early = started.get(path) as Promise<Answer<P>> | undefined
  started.delete(path)
  return early ?? fetchJson(path)
}
