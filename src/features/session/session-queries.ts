import type { QueryClient } from '@tanstack/react-query'
import { $api } from '~/lib/api-client'

/**
 * The current player. Its outcome is the session: success = logged in, failure = logged out
 * (spec section 4). Not retried: a 401 is an answer, not a failure. A cached 401 is not
 * refetched by every component that mounts (the header, the guards): login refreshes it.
 */
export const playerInfoQueryOptions = () =>
  $api.queryOptions('get', '/v2/players/info', {}, { retry: false, retryOnMount: false })

/** After login or register: the cached player is fetched again (spec section 4). */
export function refreshPlayerInfo(queryClient: QueryClient) {
  return queryClient.fetchQuery({ ...playerInfoQueryOptions(), staleTime: 0 })
}

/** After logout: the cached player is dropped. */
export function forgetPlayerInfo(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: playerInfoQueryOptions().queryKey })
}
