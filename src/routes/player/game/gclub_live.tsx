import { createFileRoute } from '@tanstack/react-router'
import { gameListQueryOptions } from '~/lib/api/games'
import { GclubLivePage } from '~/features/games/game-pages'

export const Route = createFileRoute('/player/game/gclub_live')({
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(gameListQueryOptions('gclub_live')),
  component: GclubLivePage,
})
