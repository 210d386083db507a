import type { QueryClient } from '@tanstack/react-query'
import {
  createRouter,
  type AnyRoute,
  type RouteComponent,
  type RouterHistory,
} from '@tanstack/react-router'
import { routeTree } from '~generated/routeTree.gen'
import { NotFoundPage } from '~/features/layout/not-found-page'
import { PagePending } from '~/features/layout/page-pending'
import { RouteError } from '~/features/layout/route-error'
import { subscribeLocale, useLocale } from '~/lib/locale'

export type RouterContext = { queryClient: QueryClient }

type AppRouterOptions = { history?: RouterHistory }

export function createAppRouter(queryClient: QueryClient, { history }: AppRouterOptions = {}) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Query owns caching: the router always asks it, so loaders never serve stale copies.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PagePending,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  })
  rerenderRoutesOnLocaleChange(Object.values(router.routesById))
  // Loaders whose data depends on the language (their loaderDeps read the locale) run again.
  subscribeLocale(() => void router.invalidate())
  return router
}

const localized = new WeakSet<RouteComponent>()

/**
 * A language switch must re-render every page in place (no reload, no remount: what the
 * player typed stays; docs/decisions/008-house-rules.md says why this is not the
 * i18n-paraglide example's reload). The router memoises each route's element, so a re-render of the
 * layout does not reach the pages. Each route component is therefore wrapped once in a
 * component that subscribes to the locale; when it changes, the wrapper re-renders and
 * its page below it, keeping all state (same component types, same tree).
 */
export function rerenderRoutesOnLocaleChange(routes: Iterable<AnyRoute>) {
  for (const route of routes) {
    const Page = route.options.component
    if (!Page || localized.has(Page)) continue
    const Localized: RouteComponent = function Localized(props) {
      useLocale()
      return <Page {...props} />
    }
    // Code-split components expose `preload` (the router fetches the chunk on intent);
    // read it through, since the lazy component replaces it once loaded.
    Object.defineProperty(Localized, 'preload', { get: () => Page.preload })
    localized.add(Localized)
    route.update({ component: Localized })
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
