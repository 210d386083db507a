import { createFileRoute } from '@tanstack/react-router'
import { redirectPlayerHome } from '~/lib/session'

/**
 * The public group (/login, /register): logged-in players go to /player. No component: the
 * router renders the page in its place (see src/routes/player/route.tsx).
 */
export const Route = createFileRoute('/_public')({
  beforeLoad: redirectPlayerHome,
})
