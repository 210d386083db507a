import { createFileRoute } from '@tanstack/react-router'
import { leaveEndedSession, requirePlayer } from '~/lib/session'

/**
 * The player group: every /player page needs a session. The guard waits for players info in
 * the loader, not in beforeLoad: the router runs every loader of the match at once, after all
 * beforeLoads, so the page's calls start beside players info instead of one round trip after it
 * (the page does not render before this loader lets it through). No component: the
 * router renders the page in its place (a `component: Outlet` was a chunk of its own, one more
 * request on every player page).
 */
export const Route = createFileRoute('/player')({
  beforeLoad: leaveEndedSession,
  loader: requirePlayer,
})
