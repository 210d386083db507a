import { createFileRoute, redirect } from '@tanstack/react-router'
import { PLAYER_HOME } from '~/lib/navigation'

/** /player itself is the player home of the menus. */
export const Route = createFileRoute('/player/')({
  beforeLoad: () => {
    throw redirect({ ...PLAYER_HOME })
  },
})
