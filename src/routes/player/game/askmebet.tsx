import { createFileRoute } from '@tanstack/react-router'
import { ProviderGamesPage } from '~/features/games/provider-games-page'
import { loadProviderPage } from '~/lib/api/games'
import { DEFAULT_GAME_TAB } from '~/lib/game-catalogue'
import { getLocale } from '~/lib/locale'
import { gameTabSearch } from '~/lib/search-params'

// The menus link here with tab=Slot (PLAYER_HOME); a bare or unknown tab opens the same one.
// That fallback is the page's, not the search's: a default in the validated search is written
// into the URL once the router has started (a replacing navigation, which loaded the route
// again and drew the layout four more times on a bare URL).
export const Route = createFileRoute('/player/game/askmebet')({
  validateSearch: gameTabSearch,
  loader: ({ context: { queryClient }, cause }) =>
    loadProviderPage(queryClient, 'askmebet', { locale: getLocale(), cause }),
  component: AskmebetRoute,
})

function AskmebetRoute() {
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ProviderGamesPage
      provider="askmebet"
      tab={tab ?? DEFAULT_GAME_TAB}
      onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
    />
  )
}
