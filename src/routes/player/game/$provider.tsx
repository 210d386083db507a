import { createFileRoute } from '@tanstack/react-router'
import { ProviderGamesPage } from '~/features/games/provider-games-page'
import { loadProviderPage } from '~/lib/api/games'
import { isProvider } from '~/lib/game-catalogue'
import { getLocale } from '~/lib/locale'
import { gameTabSearch } from '~/lib/search-params'

/**
 * A provider's credit and games. An address naming no provider of the contract matches no
 * route (`parse` answers false while the router matches), so it gets the router's Not Found,
 * as any other unknown address does.
 *
 * No tab, or one the provider does not have, opens the provider's first tab: the page's rule
 * (selectedCategory), the same for every provider; the menus link to askmebet with tab=Slot
 * (PLAYER_HOME). The fallback is the page's, not the search's: a default in the validated
 * search is written into the URL once the router has started (a replacing navigation, which
 * loaded the route again and drew the layout four more times on a bare URL).
 */
export const Route = createFileRoute('/player/game/$provider')({
  params: {
    parse: ({ provider }) => (isProvider(provider) ? { provider } : false),
  },
  validateSearch: gameTabSearch,
  // Alphabet's game names come in the player's language: the locale is a dependency of the
  // loader, so the router's invalidation on a language switch (src/router.tsx) loads the new
  // names. The other providers' lists do not depend on it and are taken from the cache.
  loaderDeps: () => ({ locale: getLocale() }),
  loader: ({ context: { queryClient }, params: { provider }, deps: { locale }, cause }) =>
    loadProviderPage(queryClient, provider, { locale, cause }),
  component: ProviderRoute,
})

function ProviderRoute() {
  const { provider } = Route.useParams()
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ProviderGamesPage
      provider={provider}
      tab={tab}
      onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
    />
  )
}
