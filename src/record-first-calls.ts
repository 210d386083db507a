import {
  createMemoryHistory,
  createRouter,
  isRedirect,
  type AnyRoute,
} from '@tanstack/react-router'
import { routeTree } from '~generated/routeTree.gen'
import { getLocale, overwriteGetLocale } from '~generated/paraglide/runtime'
import { createQueryClient } from '~/lib/query-client'

/**
 * The build's record of each page's first calls (config/first-calls.ts): the loaders of every
 * route the path matches run as a first load runs them (all at once, entered, not preloaded),
 * in Node through Vite's SSR module loading, and each API call they start is written down in
 * the order they start it; none is answered. So a page's calls are declared once, in its
 * loaders, and the preload script starts the same ones.
 *
 * A call in the player's language names it as `{locale}` (the language the preload script
 * resolves). Not recorded (undefined), as the script cannot know their calls from the path:
 * a path whose loaders' dependencies read the address's search (a history's `?page=`), and
 * one whose beforeLoad sends the player elsewhere at once (`/player`).
 */
export async function recordFirstCalls(
  paths: readonly string[],
): Promise<Record<string, string[] | undefined>> {
  const record: Record<string, string[] | undefined> = {}
  for (const path of paths) record[path] = await recordPath(path)
  return record
}

export const LOCALE_PLACEHOLDER = '{locale}'
/** How long the loaders may go without starting a call before the record of a path ends. */
const QUIET_MS = 30

async function recordPath(path: string): Promise<string[] | undefined> {
  const queryClient = createQueryClient()
  // The route tree alone: the app's router also follows the language, which would load these
  // matches again on a later switch, long after the record.
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  const routes: Map<string, AnyRoute> = new Map(Object.entries(router.routesById))
  const { location } = router.state
  const matches = router.matchRoutes(location).map((match) => ({
    match,
    route: routes.get(match.routeId)!,
  }))
  if (matches.some(({ route }) => readsSearch(route.options))) return undefined
  const urls: string[] = []
  const savedFetch = globalThis.fetch
  // Only while the loaders run: the record has no language of its own.
  const ownGetLocale = getLocale
  overwriteGetLocale(() => LOCALE_PLACEHOLDER as ReturnType<typeof getLocale>)
  globalThis.fetch = recordingFetch(urls)
  const abortController = new AbortController()
  // What the router hands a route's beforeLoad and loader, of what this app's read.
  const context = (match: (typeof matches)[number]['match']) => ({
    context: { queryClient },
    params: match.params,
    search: match.search,
    location,
    cause: 'enter',
    preload: false,
    abortController,
  })
  let redirected = false
  const follow = (error: unknown) => void (redirected ||= isRedirect(error))
  try {
    // A page that sends its player elsewhere at once.
    for (const { match, route } of matches) {
      const before = route.options.beforeLoad as ((context: unknown) => unknown) | undefined
      try {
        void Promise.resolve(before?.(context(match))).catch(follow)
      } catch (error) {
        follow(error)
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (redirected) return undefined
    // Every loader of the match at once, as the router runs them.
    for (const { match, route } of matches) {
      const loader = route.options.loader as ((context: unknown) => unknown) | undefined
      const deps = route.options.loaderDeps?.({ search: match.search }) ?? {}
      // Nothing is answered: a loader that waits waits forever, one that throws has started
      // what it started.
      void Promise.resolve(loader?.({ ...context(match), deps, route })).catch(() => undefined)
    }
    for (let count = -1; count !== urls.length;) {
      count = urls.length
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS))
    }
  } finally {
    abortController.abort()
    await queryClient.cancelQueries()
    queryClient.clear()
    globalThis.fetch = savedFetch
    overwriteGetLocale(ownGetLocale)
  }
  return [...new Set(urls)]
}

/** A fetch that writes down each address it is asked for and never answers. */
function recordingFetch(urls: string[]): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const placeholder = encodeURIComponent(LOCALE_PLACEHOLDER)
    urls.push((url.pathname + url.search).replaceAll(placeholder, LOCALE_PLACEHOLDER))
    return new Promise((_, reject) => {
      const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined)
      signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true })
    })
  }
}

/** Whether a route's loader dependencies read the address's search. */
function readsSearch(options: { loaderDeps?: (opts: { search: object }) => unknown } | undefined) {
  let read = false
  const search = new Proxy({}, { get: () => ((read = true), undefined) })
  options?.loaderDeps?.({ search })
  return read
}
