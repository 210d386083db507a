// The first-load experiment's calls (decision 009): a logged-in page's first calls started as
// its entry runs, before its app, as the site's page preload starts them; the app's queries
// take the started answers. Paths and answers are the contract's (generated/api/schema.d.ts):
// a path it does not have, or an answer read as a shape it does not give, fails the type check.
import type { paths } from '../../../generated/api/schema'
import type { Provider } from '../../../src/lib/providers'

type CreditPath = `/v2/players/credits/${Provider}`
type Plain = Exclude<keyof paths, '/v2/players/credits/{provider}'> | CreditPath
/** A call: its path (under /api, which the preview proxies to the mock), with its query if any. */
export type CallPath = Plain | `${Plain}?${string}`
type Json<T> = T extends {
  get: { responses: { 200: { content: { 'application/json': infer A } } } }
}
  ? A
  : never
type PathOf<C extends CallPath> = C extends `${infer P}?${string}` ? P : C
/** A call's answer, as the contract gives it. */
export type Answer<C extends CallPath> =
  PathOf<C> extends CreditPath
    ? Json<paths['/v2/players/credits/{provider}']>
    : PathOf<C> extends keyof paths
      ? Json<paths[PathOf<C>]>
      : never

export const creditPath = (provider: Provider): CreditPath => `/v2/players/credits/${provider}`

async function fetchJson<C extends CallPath>(path: C): Promise<Answer<C>> {
  const response = await fetch(`/api${path}`)
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return (await response.json()) as Answer<C>
}

const started = new Map<CallPath, Promise<unknown>>()

/** Sends every first call at once (the entry, before the app). */
export function startCalls(calls: readonly CallPath[]) {
  for (const path of calls) {
    const answer = fetchJson(path)
    answer.catch(() => {}) // Its query reads the failure; nothing goes unhandled meanwhile.
    started.set(path, answer)
  }
}

/** A query's answer: the one started with the entry the first time, a new call after. */
export function answer<C extends CallPath>(path: C): Promise<Answer<C>> {
  const early = started.get(path) as Promise<Answer<C>> | undefined
  started.delete(path)
  return early ?? fetchJson(path)
}
