import { createFileRoute } from '@tanstack/react-router'
import { ProviderGamesPage } from '~/features/games/provider-games-page'
import { loadProviderPage } from '~/lib/api/games'
import { getLocale } from '~/lib/locale'
import { gameTabSearch } from '~/lib/search-params'

export const Route = createFileRoute('/player/game/gclub')({
  validateSearch: gameTabSearch,
  loader: ({ context: { queryClient }, cause }) =>
    loadProviderPage(queryClient, 'gclub', { locale: getLocale(), cause }),
  component: GclubRoute,
})

function GclubRoute() {
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ProviderGamesPage
      provider="gclub"
      tab={tab}
      onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
    />
  )
}
