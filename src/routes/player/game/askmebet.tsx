import { createFileRoute } from '@tanstack/react-router'
import { ProviderGamesPage } from '~/features/games/provider-games-page'
import { loadProviderPage } from '~/lib/api/games'
import { DEFAULT_GAME_TAB } from '~/lib/game-catalogue'
import { getLocale } from '~/lib/locale'
import { gameTabSearchOr } from '~/lib/search-params'

// The menus link here with tab=Slot (PLAYER_HOME); a bare or unknown tab opens the same one.
export const Route = createFileRoute('/player/game/askmebet')({
  validateSearch: gameTabSearchOr(DEFAULT_GAME_TAB),
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
      tab={tab}
      onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
    />
  )
}
