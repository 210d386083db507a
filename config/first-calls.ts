import { readFileSync } from 'node:fs'
import { operations, type OperationId } from '../generated/api/operations.ts'
import { API_BASE_URL } from '../src/lib/api/base-url.ts'
import { PROVIDERS } from '../src/lib/providers.ts'
import type { Contract } from '../mock/contract.ts'
import type { LoadAppModule } from './app-modules.ts'

/**
 * The GET calls a first load of each page makes, started by the preload script beside the
 * page's chunks (config/preload-first-page.ts) instead of once the entry has run, the router
 * has matched the URL and the page's loader has asked for them (on a phone the entry's
 * download and evaluation stood between the document and the calls that decide the page's
 * largest paint). The app takes each answer for its own first call of that URL
 * (src/lib/api/first-calls.ts).
 *
 * The loaders declare a page's calls, once: the build runs them in Node and records what
 * they ask for (src/record-first-calls.ts, `recordPageCalls`). e2e/first-calls.spec.ts loads
 * the pages and fails when the page never asks for a started call or asks for one that was
 * not started. `{locale}` in an address stands for the player's language, as the preload
 * script resolves it.
 */

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
export const EVERY_PAGE: OperationId[] = ['getAgencyInfo', 'getPlayerInfo']
/** Their addresses, as the app's client writes them. */
export const everyPageUrls = () => EVERY_PAGE.map((id) => `${API_BASE_URL}${operations[id].path}`)

/**
 * The operation a first call's address asks for (`/api/v2/players/credits/gclub` ->
 * getProviderCredit), as the mock matches a request (a static path before a template that
 * also matches it): the e2e build's preload script sends the mock choices made for it
 * (src/dev/mock-headers.ts).
 */
export function operationOfCall(address: string, contract: Pick<Contract, 'match'>): OperationId {
  const pathname = address.split('?')[0]!.slice(API_BASE_URL.length)
  const found = address.startsWith(`${API_BASE_URL}/`) && contract.match('get', pathname)
  if (!found) throw new Error(`first-calls: no GET operation answers ${address}`)
  return found.op.id
}

/**
 * Every page of the site, by its path as the route tree writes it (a parameter as `$name`), a
 * route of ROUTE_PARAMS a page per value (`/player/game/alphabet` ...).
 */
export function sitePaths(): string[] {
  const tree = readFileSync('generated/routeTree.gen.ts', 'utf8')
  const block = /export interface FileRoutesByTo \{([^}]*)\}/.exec(tree)?.[1] ?? ''
  return [...block.matchAll(/'([^']+)':/g)].flatMap((match) =>
    routePages(match[1]!).map((page) => page.file),
  )
}

type RecordFirstCalls = {
  recordFirstCalls: (paths: readonly string[]) => Promise<Record<string, string[] | undefined>>
}

/**
 * Each page's own first calls beside EVERY_PAGE's, by its path (`sitePaths`), as its loaders
 * ask for them, in their order. A page whose calls depend on the address's search (the
 * histories' `?page=`) has undefined: its first load starts only EVERY_PAGE's.
 */
export async function recordPageCalls(
  load: LoadAppModule,
  paths: readonly string[] = sitePaths(),
): Promise<Record<string, string[] | undefined>> {
  const { recordFirstCalls } = await load<RecordFirstCalls>('/src/record-first-calls.ts')
  const recorded = await recordFirstCalls(paths)
  const every = new Set(everyPageUrls())
  const calls: Record<string, string[] | undefined> = {}
  for (const path of paths) {
    const own = recorded[path]?.filter((url) => !every.has(url))
    // A call that names a route parameter has no address the build can know.
    const unknown = own?.find((url) => /\$\w/.test(decodeURIComponent(url)))
    if (unknown) {
      throw new Error(
        `first-calls: ${path} asks for ${unknown}: name the parameter's values in ROUTE_PARAMS`,
      )
    }
    calls[path] = own
  }
  return calls
}
