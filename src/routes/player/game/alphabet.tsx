import { createFileRoute } from '@tanstack/react-router'
import { AlphabetPage } from '~/features/games/game-pages'
import { alphabetGamesQueryOptions } from '~/lib/api/games'
import { getLocale } from '~/lib/locale'

export const Route = createFileRoute('/player/game/alphabet')({
  // Game names come in the player's language.
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(alphabetGamesQueryOptions(undefined, getLocale())),
  component: AlphabetPage,
})
