import { createFileRoute } from '@tanstack/react-router'
import { gameListQueryOptions } from '~/features/games/game-queries'
import { GclubPage } from '~/features/games/game-pages'

export const Route = createFileRoute('/player/game/gclub')({
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(gameListQueryOptions('gclub')),
  component: GclubPage,
})
