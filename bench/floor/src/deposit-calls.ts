// Issue 19's experiment: the calls the site's /player/deposit makes on its first load
// (the seven of the page and its layout, and the four provider credits of spec section 4),
// started as the page's entry runs, before its app, as the site's page preload starts them
// (decision 009, fifteenth session). The app's queries take the started answers.
import type { components } from '../../../generated/api/schema'

type Schemas = components['schemas']
export const PROVIDERS = ['alphabet', 'askmebet', 'gclub', 'gclub_live'] as const
export type Provider = (typeof PROVIDERS)[number]

/** Each call's path (under /api, which the preview proxies to the mock) and its answer. */
export type Answers = {
  '/v2/agency/info': Schemas['Agency']
  '/v2/players/info': { player: { displayName: string } }
  '/v2/players/bank-accounts': { bankAccounts: Schemas['BankAccount'][] }
  '/v2/banks': { banks: Schemas['Bank'][] }
  '/v2/deposits/open': { deposits: Schemas['Deposit'][] }
  '/v2/rates': { rates: Schemas['CurrencyRate'][] }
  '/v2/players/promotions/using': { usage: Schemas['PromotionUsage'] | null }
} & Record<`/v2/players/credits/${Provider}`, { credit: { amount: string; currency: string } }>
export type CallPath = keyof Answers

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
export const creditPath = (provider: Provider) => `/v2/players/credits/${provider}` as const

async function fetchJson<P extends CallPath>(path: P): Promise<Answers[P]> {
  const response = await fetch(`/api${path}`)
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return (await response.json()) as Answers[P]
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
export function answer<P extends CallPath>(path: P): Promise<Answers[P]> {
  const early = started.get(path) as Promise<Answers[P]> | undefined
  started.delete(path)
  return early ?? fetchJson(path)
}
