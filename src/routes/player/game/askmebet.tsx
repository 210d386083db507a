import { createFileRoute } from '@tanstack/react-router'
import { AskmebetPage } from '~/features/games/game-pages'
import {
  categoryOfTab,
  DEFAULT_GAME_TAB,
  gameListQueryOptions,
} from '~/features/games/game-queries'

type GameSearch = { tab?: string }

export const Route = createFileRoute('/player/game/askmebet')({
  // The menus link here with tab=Slot; a bare URL opens the same tab.
  validateSearch: (search: Record<string, unknown>): Required<GameSearch> => ({
    tab: typeof search.tab === 'string' && search.tab ? search.tab : DEFAULT_GAME_TAB,
  }),
  loaderDeps: ({ search: { tab } }) => ({ tab }),
  loader: ({ context: { queryClient }, deps: { tab } }) =>
    queryClient.ensureQueryData(gameListQueryOptions('askmebet', categoryOfTab(tab))),
  component: AskmebetRoute,
})

function AskmebetRoute() {
  const { tab } = Route.useSearch()
  return <AskmebetPage tab={tab} />
}
