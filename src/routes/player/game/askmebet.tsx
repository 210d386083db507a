import { createFileRoute } from '@tanstack/react-router'

type GameSearch = { tab?: string }

// Placeholder until the games issue fills the page.
export const Route = createFileRoute('/player/game/askmebet')({
  validateSearch: (search: Record<string, unknown>): GameSearch => ({
    tab: typeof search.tab === 'string' ? search.tab : undefined,
  }),
})
