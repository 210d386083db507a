import { $api } from '~/lib/api-client'

/**
 * The current player. Its outcome is the session: success = logged in, failure = logged out
 * (spec section 4). Not retried: a 401 is an answer, not a failure.
 */
export const playerInfoQueryOptions = () =>
  $api.queryOptions('get', '/v2/players/info', {}, { retry: false })
