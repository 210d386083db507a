import { createFileRoute } from '@tanstack/react-router'
import { AlphabetPage } from '~/features/games/game-pages'
import { alphabetGamesQueryOptions } from '~/lib/api/games'
import { getLocale } from '~/lib/locale'

export const Route = createFileRoute('/player/game/alphabet')({
  // Game names come in the player's language: the locale is a dependency of the loader, so
  // the router's invalidation on a language switch (src/router.tsx) loads the new names.
  loaderDeps: () => ({ locale: getLocale() }),
  loader: ({ context: { queryClient }, deps: { locale } }) =>
    queryClient.ensureQueryData(alphabetGamesQueryOptions(undefined, locale)),
  component: AlphabetPage,
})
