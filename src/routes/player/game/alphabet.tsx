import { createFileRoute } from '@tanstack/react-router'
import { ProviderGamesPage } from '~/features/games/provider-games-page'
import { loadProviderPage } from '~/lib/api/games'
import { getLocale } from '~/lib/locale'
import { gameTabSearch } from '~/lib/search-params'

export const Route = createFileRoute('/player/game/alphabet')({
  validateSearch: gameTabSearch,
  // Game names come in the player's language: the locale is a dependency of the loader, so
  // the router's invalidation on a language switch (src/router.tsx) loads the new names.
  loaderDeps: () => ({ locale: getLocale() }),
  loader: ({ context: { queryClient }, deps: { locale }, cause }) =>
    loadProviderPage(queryClient, 'alphabet', { locale, cause }),
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
