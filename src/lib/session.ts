// The session: the one cross-cutting piece every part of the site reads (like
// bulletproof-react's lib/auth). Whether a player is logged in is learned from players info;
// the guards, the header, login, logout and the 401 handler all go through this module.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { redirect, useNavigate, type AnyRouter, type ParsedLocation } from '@tanstack/react-router'
import { useCallback } from 'react'
import { operations } from '~generated/api/operations'
import { $api, setUnauthorizedListener } from './api/client'
import { ApiError, isApiError } from './api/error'
import { playerInfoQueryOptions } from './api/players'
import { loginLink, PLAYER_HOME, safeRedirect } from './navigation'

export type SessionStatus = 'undetermined' | 'loggedIn' | 'loggedOut'

/** The session as the shell shows it: nothing is shown while it is undetermined. */
export type Session =
  { status: 'undetermined' } | { status: 'loggedOut' } | { status: 'loggedIn'; displayName: string }

const isUnauthorized = (error: unknown) => isApiError(error) && error.status === 401

/**
 * Learns the session from players info: cached success = logged in; a cached 401 = logged
 * out (no refetch on every navigation; login replaces it, a window focus refetches it);
 * nothing cached = ask the server. Only a 401 means logged out: any other failure (a 5xx,
 * a timeout, offline) says nothing about the session and is thrown for the caller to show
 * where the player is, with a retry.
 *
 * (TanStack Query marks every failed query invalidated, so `isInvalidated` cannot tell a
 * fresh 401 from one somebody invalidated: the status of the error decides.)
 */
export async function resolveSession(
  queryClient: QueryClient,
): Promise<Exclude<SessionStatus, 'undetermined'>> {
  if (isKnownLoggedOut(queryClient)) return 'loggedOut'
  try {
    await queryClient.ensureQueryData(playerInfoQueryOptions())
    return 'loggedIn'
  } catch (error) {
    if (isUnauthorized(error)) return 'loggedOut'
    throw error
  }
}

/** Players info is cached as a 401: the session is over until a login refreshes it. */
function isKnownLoggedOut(queryClient: QueryClient) {
  const state = queryClient.getQueryState(playerInfoQueryOptions().queryKey)
  return state?.status === 'error' && isUnauthorized(state.error)
}

/** After login or register: the cached player is fetched again (spec section 4). */
export function refreshPlayerInfo(queryClient: QueryClient) {
  return queryClient.fetchQuery({ ...playerInfoQueryOptions(), staleTime: 0 })
}

/** After logout: the cached player is dropped. */
export function forgetPlayerInfo(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: playerInfoQueryOptions().queryKey })
}

type GuardArgs = { context: { queryClient: QueryClient }; location: ParsedLocation }

/**
 * The player group's guard, in two halves so that a page's calls need not wait for the
 * session. The session is a cookie: a page's loader asks its data beside players
 * info rather than one round trip after it, and should the session be over, the first 401
 * among them sends the player to /login and back (installUnauthorizedRedirect), as does this
 * guard's own answer.
 *
 * beforeLoad (every navigation, before any loader): a session already known to be over goes
 * to /login at once, without a call.
 */
export function leaveEndedSession({ context, location }: GuardArgs) {
  if (isKnownLoggedOut(context.queryClient)) throw redirect(loginLink(location.href))
}

/**
 * loader (beside the page's loaders): logged-out players go to /login and come back after.
 * A session check that failed otherwise is the route's error, shown in the layout with a
 * retry (RouteError): the player stays where they are.
 */
export async function requirePlayer({ context, location }: GuardArgs) {
  if ((await resolveSession(context.queryClient)) === 'loggedOut') {
    throw redirect(loginLink(location.href))
  }
}

/**
 * beforeLoad of the landing page and the public group: logged-in players go where /login's
 * `?redirect=` was taking them (a checked same-origin path), else home. A failed session
 * check leaves them on the visitor page, which works without a session.
 */
export async function redirectPlayerHome({
  context,
  location,
}: Pick<GuardArgs, 'context'> & { location: Pick<ParsedLocation, 'search'> }) {
  const status = await resolveSession(context.queryClient).catch(() => 'unknown' as const)
  if (status !== 'loggedIn') return
  const back = safeRedirect((location.search as { redirect?: unknown }).redirect)
  if (back) throw redirect({ href: back })
  throw redirect({ ...PLAYER_HOME })
}

/**
 * The session for the shell, from the cached players info. A player once known stays logged
 * in through a failed refetch (only a 401 ends a session); a failure with nothing known is
 * undetermined, never logged out.
 */
export function useSession(): Session {
  const query = useQuery(playerInfoQueryOptions())
  if (query.isError && isUnauthorized(query.error)) return { status: 'loggedOut' }
  if (query.data) return { status: 'loggedIn', displayName: query.data.player.displayName }
  return { status: 'undetermined' }
}

/**
 * What follows a successful login or register: the cached player is refreshed (so the guards
 * and the header see the session), then the player goes where they were heading (already a
 * checked same-origin path: see the login route's search schema) or home.
 */
export function useAfterLogin(redirectTo?: string) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(async () => {
    await refreshPlayerInfo(queryClient)
    if (redirectTo) await navigate({ href: redirectTo, replace: true })
    else await navigate({ ...PLAYER_HOME, replace: true })
  }, [queryClient, navigate, redirectTo])
}

/**
 * Logout: the cached player is removed and the page reloads (spec section 4), even if the
 * call failed: a reload is what clears every other cache and any state on screen, and a
 * session the server still holds is then learned again from players info.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  const mutation = $api.useMutation('post', '/v2/players/logout', {
    onSettled: () => {
      forgetPlayerInfo(queryClient)
      window.location.reload()
    },
  })
  return {
    logout: () => {
      if (!mutation.isPending) mutation.mutate({})
    },
    isPending: mutation.isPending,
  }
}

/** 401s that are answers rather than an expired session (spec sections 2 and 8). */
const SESSION_PROBES: ReadonlySet<string> = new Set([
  operations.getPlayerInfo.path,
  operations.getAgencyInfo.path,
])

/**
 * The session ended: players info is cached as a 401, which the guards read as logged out
 * without asking again, until a login refreshes it. Only dropping it let /login ask players
 * info again; a server that still answered it 200 sent the player home, whose calls answered
 * 401 again: an endless loop of requests (npm run fuzz --seed 1 --load 116).
 */
function rememberLoggedOut(queryClient: QueryClient, schemaPath: string) {
  forgetPlayerInfo(queryClient)
  const { queryKey } = playerInfoQueryOptions()
  const error = new ApiError(401, { code: 'UNAUTHORIZED', message: 'session ended' }, schemaPath)
  queryClient
    .getQueryCache()
    .build(queryClient, { queryKey })
    .setState({ status: 'error', error, errorUpdatedAt: Date.now(), fetchStatus: 'idle' })
}

/**
 * Any other 401 means the session is over: the session is remembered as logged out (so /login
 * does not send the player straight back) and the router goes to /login, coming back here after.
 * Players info is a probe while the session is being learned (the guards read its 401), but
 * once it has named the player, its 401 on a refetch is the session ending like any other.
 */
export function installUnauthorizedRedirect(router: AnyRouter, queryClient: QueryClient) {
  setUnauthorizedListener((schemaPath) => {
    const knownPlayer = queryClient.getQueryData(playerInfoQueryOptions().queryKey) !== undefined
    const endsKnownSession = schemaPath === operations.getPlayerInfo.path && knownPlayer
    if (SESSION_PROBES.has(schemaPath) && !endsKnownSession) return
    const { pathname, href } = router.state.location
    if (pathname === loginLink().to) return
    rememberLoggedOut(queryClient, schemaPath)
    void router.navigate(loginLink(href))
  })
}
