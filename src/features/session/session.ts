import { useQuery, type QueryClient } from '@tanstack/react-query'
import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { PLAYER_HOME } from './redirect'
import { playerInfoQueryOptions } from './session-queries'

export type SessionStatus = 'undetermined' | 'loggedIn' | 'loggedOut'

/**
 * Learns the session from players info: cached success = logged in; a cached failure that
 * nobody invalidated = logged out (no refetch on every navigation); otherwise fetch once.
 */
export async function resolveSession(
  queryClient: QueryClient,
): Promise<Exclude<SessionStatus, 'undetermined'>> {
  const options = playerInfoQueryOptions()
  const state = queryClient.getQueryState(options.queryKey)
  if (state?.status === 'error' && !state.isInvalidated) return 'loggedOut'
  try {
    await queryClient.ensureQueryData(options)
    return 'loggedIn'
  } catch {
    return 'loggedOut'
  }
}

type GuardArgs = { context: { queryClient: QueryClient }; location: ParsedLocation }

/** beforeLoad of the player group: logged-out players go to /login and come back after. */
export async function requirePlayer({ context, location }: GuardArgs) {
  if ((await resolveSession(context.queryClient)) === 'loggedOut') {
    throw redirect({ to: '/login', search: { redirect: location.href } })
  }
}

/** beforeLoad of the landing page and the public group: logged-in players go to /player. */
export async function redirectPlayerHome({ context }: Pick<GuardArgs, 'context'>) {
  if ((await resolveSession(context.queryClient)) === 'loggedIn') {
    throw redirect({ href: PLAYER_HOME })
  }
}

/** The session as the header sees it: nothing is shown while it is undetermined. */
export function useSession() {
  const query = useQuery(playerInfoQueryOptions())
  const status: SessionStatus = query.isPending
    ? 'undetermined'
    : query.isSuccess
      ? 'loggedIn'
      : 'loggedOut'
  return { status, player: query.data?.player }
}
