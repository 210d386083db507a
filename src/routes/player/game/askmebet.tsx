import { createFileRoute } from '@tanstack/react-router'
import { prefetchProviderCredits } from '~/lib/api/credits'
import { ProviderGamesPage } from '~/features/games/provider-games-page'
import { providerGamesQueryOptions } from '~/lib/api/games'
import { DEFAULT_GAME_TAB } from '~/lib/game-catalogue'
import { getLocale } from '~/lib/locale'
import { gameTabSearchOr } from '~/lib/search-params'

// The menus link here with tab=Slot (PLAYER_HOME); a bare or unknown tab opens the same one.
export const Route = createFileRoute('/player/game/askmebet')({
  validateSearch: gameTabSearchOr(DEFAULT_GAME_TAB),
  // Prefetched, not ensured: a failed list is the page's own error state with a retry. The
  // credit panel's call starts beside it (issue 19), not when the panel mounts.
  loader: ({ context: { queryClient }, cause }) => {
    const list = queryClient.prefetchQuery(providerGamesQueryOptions('askmebet', getLocale()))
    prefetchProviderCredits(queryClient, { cause, providers: ['askmebet'] })
    return list
  },
  component: AskmebetRoute,
})

function AskmebetRoute() {
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ProviderGamesPage
      provider="askmebet"
      tab={tab}
      onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
    />
  )
}
