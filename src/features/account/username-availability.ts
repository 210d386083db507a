import { useQuery } from '@tanstack/react-query'
import { zUsername } from '~generated/zod/zod.gen'
import { $api } from '~/lib/api-client'
import { useDebouncedValue } from './use-debounced-value'

/** Pause in typing before the name is checked: one call per pause, not per key. */
export const USERNAME_CHECK_DEBOUNCE_MS = 400

export type UsernameAvailability =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'available' }
  | { status: 'taken' }
  | { status: 'error'; error: unknown }

/**
 * The validate call as a query (it is a question, not a change): each name is asked once,
 * answers are kept while the player types back and forth, and a stale answer never shows
 * for a newer name. Only names that pass the contract's rule are asked.
 */
export function validateUsernameQueryOptions(username: string) {
  return $api.queryOptions(
    'post',
    '/v2/players/username/validate',
    { body: { username } },
    { retry: false },
  )
}

export function useUsernameAvailability(username: string): UsernameAvailability {
  const debounced = useDebouncedValue(username, USERNAME_CHECK_DEBOUNCE_MS)
  const checkable = zUsername.safeParse(debounced).success
  const query = useQuery({ ...validateUsernameQueryOptions(debounced), enabled: checkable })
  if (!zUsername.safeParse(username).success) return { status: 'idle' }
  if (debounced !== username || query.isPending) return { status: 'checking' }
  if (query.isError) return { status: 'error', error: query.error }
  return query.data.available ? { status: 'available' } : { status: 'taken' }
}
