import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { redirect, useNavigate, type ParsedLocation } from '@tanstack/react-router'
import { useCallback } from 'react'
import { isApiError } from '~/lib/api-error'
import { PLAYER_HOME, safeRedirect } from './redirect'
import { playerInfoQueryOptions, refreshPlayerInfo } from './session-queries'

export type SessionStatus = 'undetermined' | 'loggedIn' | 'loggedOut'

/**
 * Learns the session from players info: cached success = logged in; a cached 401 = logged
 * out (no refetch on every navigation; login replaces it, a window focus refetches it);
 * nothing cached or another failure (network, 5xx) = ask the server once more.
 *
 * (TanStack Query marks every failed query invalidated, so `isInvalidated` cannot tell a
 * fresh 401 from one somebody invalidated: the status of the error decides.)
 */
export async function resolveSession(
  queryClient: QueryClient,
): Promise<Exclude<SessionStatus, 'undetermined'>> {
  const options = playerInfoQueryOptions()
  const state = queryClient.getQueryState(options.queryKey)
  if (state?.status === 'error' && isApiError(state.error) && state.error.status === 401) {
    return 'loggedOut'
  }
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

/**
 * What follows a successful login or register: the cached player is refreshed (so the guards
 * and the header see the session), then the player goes where they were heading, if that is
 * a same-origin path, or to /player.
 */
export function useAfterLogin(redirectTo?: string) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(async () => {
    await refreshPlayerInfo(queryClient)
    await navigate({ href: safeRedirect(redirectTo) ?? PLAYER_HOME, replace: true })
  }, [queryClient, navigate, redirectTo])
}
