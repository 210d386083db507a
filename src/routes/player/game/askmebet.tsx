import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { AskmebetPage } from '~/features/games/game-pages'
import { gameListQueryOptions } from '~/lib/api/games'
import { categoryOfTab, DEFAULT_GAME_TAB } from '~/lib/game-catalogue'

// zod/mini: route search schemas are in the entry chunk, where full zod would cost ~20 KB.
// The menus link here with tab=Slot; a bare URL (or an empty tab) opens the same tab.
const searchSchema = z.object({
  tab: z.catch(z.string().check(z.minLength(1)), DEFAULT_GAME_TAB),
})

export const Route = createFileRoute('/player/game/askmebet')({
  validateSearch: searchSchema,
  loaderDeps: ({ search: { tab } }) => ({ tab }),
  loader: ({ context: { queryClient }, deps: { tab } }) =>
    queryClient.ensureQueryData(gameListQueryOptions('askmebet', categoryOfTab(tab))),
  component: AskmebetRoute,
})

function AskmebetRoute() {
  const { tab } = Route.useSearch()
  return <AskmebetPage tab={tab} />
}
