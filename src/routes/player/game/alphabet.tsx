import { createFileRoute } from '@tanstack/react-router'
import { ProviderGamesPage } from '~/features/games/provider-games-page'
import { providerGamesQueryOptions } from '~/lib/api/games'
import { getLocale } from '~/lib/locale'
import { gameTabSearchSchema } from './-search'

export const Route = createFileRoute('/player/game/alphabet')({
  validateSearch: gameTabSearchSchema(),
  // Prefetched, not ensured: a failed list is the page's own error state with a retry.
  loader: ({ context: { queryClient } }) =>
    queryClient.prefetchQuery(providerGamesQueryOptions('alphabet', getLocale())),
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
