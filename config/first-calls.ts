import { operations, type OperationId } from '../generated/api/operations.ts'
import { API_BASE_URL } from '../src/lib/api/base-url.ts'

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
 * a value stands for the player's language, as the preload script resolves it. Pages whose
 * calls depend on the address's search (the histories' `?page=`) are not listed: their
 * first-load calls are the ones every page makes.
 */
export type FirstCall =
  OperationId | [OperationId, { path?: Record<string, string>; query?: Record<string, string> }]

// How the preload script and the app share the calls, and how the app marks one it took: the
// app's side (it has no import, so the build reads it as well).
export { FIRST_CALL_TAKEN_MARK, FIRST_CALLS_GLOBAL } from '../src/lib/api/first-calls.ts'

/** Every first load: src/main.tsx asks for both before the router is built. */
export const EVERY_PAGE: FirstCall[] = ['getAgencyInfo', 'getPlayerInfo']

const credit = (provider: string): FirstCall => ['getProviderCredit', { path: { provider } }]
/** The credit of every provider, in src/lib/game-catalogue.ts's PROVIDERS order. */
const CREDITS = ['alphabet', 'askmebet', 'gclub', 'gclub_live'].map(credit)
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
  'player/game/alphabet.tsx': [
    ['listAlphabetGames', { query: { locale: '{locale}' } }],
    credit('alphabet'),
  ],
  'player/game/askmebet.tsx': [
    ['listGames', { query: { provider: 'askmebet' } }],
    credit('askmebet'),
  ],
  'player/game/gclub.tsx': [['listGames', { query: { provider: 'gclub' } }], credit('gclub')],
  'player/game/gclub_live.tsx': [
    ['listGames', { query: { provider: 'gclub_live' } }],
    credit('gclub_live'),
  ],
  'player/promotion/index.tsx': PROMOTION_PAGE,
  'player/promotion/$promotionId.tsx': PROMOTION_PAGE,
}

/**
 * A call's address as the app's client writes it: the path with its parameters in place, the
 * query in the order given (openapi-fetch writes an object's keys in order and leaves out the
 * undefined ones).
 */
export function firstCallUrl(call: FirstCall): string {
  const [id, params = {}] = typeof call === 'string' ? [call] : call
  const { method, path } = operations[id]
  if (method !== 'get') throw new Error(`first-calls: ${id} is not a GET`)
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params.path?.[name]
    if (value === undefined) throw new Error(`first-calls: ${id} needs its ${name}`)
    return encodeURIComponent(value)
  })
  const query = Object.entries(params.query ?? {})
    .map(
      ([name, value]) =>
        `${encodeURIComponent(name)}=${value === '{locale}' ? value : encodeURIComponent(value)}`,
    )
    .join('&')
  return `${API_BASE_URL}${filled}${query ? `?${query}` : ''}`
}

/** A page's own calls' addresses, beside EVERY_PAGE's. */
export function pageCallUrls(routeFile: string): string[] {
  const every = new Set(EVERY_PAGE.map(firstCallUrl))
  return [...new Set((PAGE_CALLS[routeFile] ?? []).map(firstCallUrl))].filter(
    (url) => !every.has(url),
  )
}
