import { operations, type OperationId } from '../generated/api/operations.ts'
import { API_BASE_URL } from '../src/lib/api/base-url.ts'
import { PROVIDERS } from '../src/lib/providers.ts'

/**
 * The GET calls a first load of each page makes, started by the preload script beside the
 * page's chunks (config/preload-first-page.ts) instead of once the entry has run, the router
 * has matched the URL and the page's loader has asked for them (on a phone the
 * entry's download and evaluation stood between the document and the calls that decide the
 * page's largest paint). The app takes each answer for its own first call of that URL
 * (src/lib/api/first-calls.ts).
 *
 * The loaders are the truth; this list follows them. e2e/first-calls.spec.ts loads every page
 * named here and fails when the page never asks for a call listed for it (a call started for
 * nothing) or asks for one that is not listed (a call that could have started earlier).
 *
 * A call is an operation of the contract, with its parameters where it has any; `{locale}` in
 * a value stands for the player's language, as the preload script resolves it, and the name of
 * a route parameter (`{provider}`) for the page's value of it, as the build resolves it: a
 * route whose calls name one answers a page per value (`ROUTE_PARAMS`, `routePages`). A call
 * that differs by more than a value is a function of the route's parameters. Pages whose
 * calls depend on the address's search (the histories' `?page=`) are not listed: their
 * first-load calls are the ones every page makes.
 */
type Call =
  OperationId | [OperationId, { path?: Record<string, string>; query?: Record<string, string> }]
export type FirstCall = Call | ((params: RouteParams) => Call)

/** A page's route parameters, by name (`{ provider: 'gclub' }`). */
export type RouteParams = Record<string, string>

/**
 * The values of the route parameters that calls name: a closed set each, the one the route's
 * `params.parse` accepts (src/routes/player/game/$provider.tsx), so the build knows every page
 * such a route answers and writes each its own calls and its own copy of index.html.
 */
export const ROUTE_PARAMS: Record<string, readonly string[]> = { provider: PROVIDERS }

/**
 * The pages a route file (or a route's path) answers: one per value of each parameter of
 * `ROUTE_PARAMS` in it, the value in the parameter's place (`player/game/$provider.tsx` ->
 * `player/game/alphabet.tsx` with `{ provider: 'alphabet' }`, ...); any other route, itself.
 */
export function routePages(
  routeFile: string,
  params: RouteParams = {},
): { file: string; params: RouteParams }[] {
  const name = [...routeFile.matchAll(/\$(\w+)(?=\/|\.tsx$|$)/g)]
    .map((match) => match[1]!)
    .find((param) => param in ROUTE_PARAMS)
  if (name === undefined) return [{ file: routeFile, params }]
  return ROUTE_PARAMS[name]!.flatMap((value) =>
    routePages(routeFile.replace(`$${name}`, value), { ...params, [name]: value }),
  )
}

// How the app marks a call it took, for e2e/first-calls.spec.ts, which reads no src/.
export { FIRST_CALL_TAKEN_MARK } from '../src/lib/api/first-calls.ts'

/** Every first load: src/main.tsx asks for both before the router is built. */
export const EVERY_PAGE: FirstCall[] = ['getAgencyInfo', 'getPlayerInfo']

const credit = (provider: string): FirstCall => ['getProviderCredit', { path: { provider } }]
/** The credit of every provider, in the spec's order. */
const CREDITS = PROVIDERS.map(credit)
/** What the promotion pages' loaders ask for (src/routes/player/promotion). */
const PROMOTION_PAGE: FirstCall[] = [
  'listPromotions',
  'getCurrentPromotion',
  'getPromotionBlocking',
  'listBankAccounts',
  'listOpenDeposits',
]

/**
 * A page's own calls, by its route file under src/routes, beside EVERY_PAGE's, in the order
 * the script starts them: what decides the page's largest paint first.
 */
export const PAGE_CALLS: Record<string, FirstCall[]> = {
  'player/bank.tsx': ['listBankAccounts', 'listBanks'],
  // The account card's bank name is deposit's largest paint in `npm run bench`: its two calls
  // first (the script starts one a task, and the entry's evaluation runs between them).
  'player/deposit/index.tsx': [
    'listBankAccounts',
    'listBanks',
    'listOpenDeposits',
    'listCurrencyRates',
    'getCurrentPromotion',
    ...CREDITS,
  ],
  'player/withdraw/index.tsx': [
    'listBankAccounts',
    'listBanks',
    'listOpenWithdraws',
    'getCurrentPromotion',
    // Asked by the form as it mounts (the credit's value in kip), not by the loader.
    'listCurrencyRates',
    ...CREDITS,
  ],
  // A page a provider. Alphabet's games have an operation of their own, with the names in the
  // player's language (providerGamesQueryOptions in src/lib/api/games.ts).
  'player/game/$provider.tsx': [
    ({ provider }) =>
      provider === 'alphabet'
        ? ['listAlphabetGames', { query: { locale: '{locale}' } }]
        : ['listGames', { query: { provider: '{provider}' } }],
    credit('{provider}'),
  ],
  'player/promotion/index.tsx': PROMOTION_PAGE,
  'player/promotion/$promotionId.tsx': PROMOTION_PAGE,
}

/**
 * A call's address as the app's client writes it: the path with its parameters in place, the
 * query in the order given (openapi-fetch writes an object's keys in order and leaves out the
 * undefined ones). A call that names a route parameter has an address on a page of its route
 * only: `pageCallUrls`.
 */
export function firstCallUrl(call: FirstCall): string {
  return callUrl(call, {})
}

function callUrl(call: FirstCall, routeParams: RouteParams): string {
  const named = typeof call === 'function' ? call(routeParams) : call
  const [id, params = {}] = typeof named === 'string' ? [named] : named
  const { method, path } = operations[id]
  if (method !== 'get') throw new Error(`first-calls: ${id} is not a GET`)
  // A route parameter's value in place of its name; `{locale}` is the preload script's.
  const valueOf = (value: string) => {
    const param = /^\{(\w+)\}$/.exec(value)?.[1]
    if (param === undefined || param === 'locale') return value
    const routeValue = routeParams[param]
    if (routeValue === undefined)
      throw new Error(`first-calls: ${id} needs the route's ${param}: ask pageCallUrls`)
    return routeValue
  }
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params.path?.[name]
    if (value === undefined) throw new Error(`first-calls: ${id} needs its ${name}`)
    return encodeURIComponent(valueOf(value))
  })
  const query = Object.entries(params.query ?? {})
    .map(
      ([name, value]) =>
        `${encodeURIComponent(name)}=${value === '{locale}' ? value : encodeURIComponent(valueOf(value))}`,
    )
    .join('&')
  return `${API_BASE_URL}${filled}${query ? `?${query}` : ''}`
}

/**
 * A page's own calls' addresses, beside EVERY_PAGE's: on the page of its route `params` names
 * (`routePages`), or without them on every page the route file answers.
 */
export function pageCallUrls(routeFile: string, params?: RouteParams): string[] {
  const every = new Set(EVERY_PAGE.map(firstCallUrl))
  const pages = params ? [params] : routePages(routeFile).map((page) => page.params)
  const calls = PAGE_CALLS[routeFile] ?? []
  return [...new Set(pages.flatMap((page) => calls.map((call) => callUrl(call, page))))].filter(
    (url) => !every.has(url),
  )
}
