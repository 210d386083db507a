import { createFileRoute } from '@tanstack/react-router'
import { prefetchProviderCredits } from '~/lib/api/credits'
import { ProviderGamesPage } from '~/features/games/provider-games-page'
import { providerGamesQueryOptions } from '~/lib/api/games'
import { getLocale } from '~/lib/locale'
import { gameTabSearch } from '~/lib/search-params'

export const Route = createFileRoute('/player/game/alphabet')({
  validateSearch: gameTabSearch,
  // Game names come in the player's language: the locale is a dependency of the loader, so
  // the router's invalidation on a language switch (src/router.tsx) loads the new names.
  // Prefetched, not ensured: a failed list is the page's own error state with a retry. The
  // credit panel's call starts beside it (issue 19), not when the panel mounts.
  loaderDeps: () => ({ locale: getLocale() }),
  loader: ({ context: { queryClient }, deps: { locale }, cause }) => {
    const list = queryClient.prefetchQuery(providerGamesQueryOptions('alphabet', locale))
    prefetchProviderCredits(queryClient, { cause, providers: ['alphabet'] })
    return list
  },
  component: AlphabetRoute,
})

function AlphabetRoute() {
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ProviderGamesPage
      provider="alphabet"
      tab={tab}
      onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
    />
  )
}
