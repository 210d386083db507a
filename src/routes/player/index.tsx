import { createFileRoute, redirect } from '@tanstack/react-router'

/** /player itself is the centre home destination of the menus. */
export const Route = createFileRoute('/player/')({
  beforeLoad: () => {
    throw redirect({ to: '/player/game/askmebet', search: { tab: 'Slot' } })
  },
})
