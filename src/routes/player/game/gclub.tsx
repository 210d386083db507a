import { createFileRoute } from '@tanstack/react-router'
import { gameListQueryOptions } from '~/lib/api/games'
import { GclubPage } from '~/features/games/game-pages'

export const Route = createFileRoute('/player/game/gclub')({
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(gameListQueryOptions('gclub')),
  component: GclubPage,
})
