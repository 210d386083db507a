import { createFileRoute } from '@tanstack/react-router'
import { prefetchProviderCredits } from '~/lib/api/credits'
import { ProviderGamesPage } from '~/features/games/provider-games-page'
import { providerGamesQueryOptions } from '~/lib/api/games'
import { getLocale } from '~/lib/locale'
import { gameTabSearch } from '~/lib/search-params'

export const Route = createFileRoute('/player/game/gclub_live')({
  validateSearch: gameTabSearch,
  // Prefetched, not ensured: a failed list is the page's own error state with a retry. The
  // credit panel's call starts beside it (issue 19), not when the panel mounts.
  loader: ({ context: { queryClient }, cause }) => {
    const list = queryClient.prefetchQuery(providerGamesQueryOptions('gclub_live', getLocale()))
    prefetchProviderCredits(queryClient, { cause, providers: ['gclub_live'] })
    return list
  },
  component: GclubLiveRoute,
})

function GclubLiveRoute() {
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ProviderGamesPage
      provider="gclub_live"
      tab={tab}
      onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
    />
  )
}
