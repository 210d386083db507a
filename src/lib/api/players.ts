// Contract tag `players`: the current player, login, register, logout, password, username.
// The session built on these lives in ~/lib/session; features use that, not these.
import { $api } from './client'

/**
 * The current player. Its outcome is the session: success = logged in, failure = logged out
 * (spec section 4). Not retried: a 401 is an answer, not a failure. A cached 401 is not
 * refetched by every component that mounts (the header, the guards): login refreshes it.
 */
export const playerInfoQueryOptions = () =>
  $api.queryOptions('get', '/v2/players/info', {}, { retry: false, retryOnMount: false })

/**
 * The username check as a query (it is a question, not a change): each name is asked once,
 * answers are kept while the player types back and forth.
 */
export const validateUsernameQueryOptions = (username: string) =>
  $api.queryOptions(
    'post',
    '/v2/players/username/validate',
    { body: { username } },
    { retry: false },
  )

/** Spec section 7: a login is sent once per press, never retried. */
export const useLoginMutation = () =>
  $api.useMutation('post', '/v2/players/login', { retry: false })

export const useRegisterMutation = () => $api.useMutation('post', '/v2/players/register')

export const useChangePasswordMutation = () =>
  $api.useMutation('post', '/v2/players/security/password/change')
