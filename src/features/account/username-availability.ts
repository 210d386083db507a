import { useQuery, type QueryClient } from '@tanstack/react-query'
import { zUsername } from '~generated/zod/zod.gen'
import { m } from '~generated/paraglide/messages'
import type { RateLimitedCheck } from '~/widgets/rate-limited-check'
import { validateUsernameQueryOptions } from '~/lib/api/players'
import type { ErrorText } from '~/ui/form'

/**
 * Pause in typing before the name is checked: one call per pause, not per key. 400 ms is
 * longer than the gap between keys of a steady typist and short enough to answer before
 * the player reaches the password field.
 */
export const USERNAME_CHECK_DEBOUNCE_MS = 400

/**
 * The username field's async validator (TanStack Form runs it after the debounce, drops a
 * stale run when the name changes, and runs it again on submit). Only names that pass the
 * contract's rule are asked; the answers are cached queries, so a name typed back and forth
 * (or the submit) is asked once. A 429 is counted down at the field and nothing is asked until
 * its Retry-After has passed (`rateLimit`, which then checks again).
 */
export function checkUsernameAvailable(queryClient: QueryClient, rateLimit: RateLimitedCheck) {
  return async ({ value }: { value: string }): Promise<ErrorText | undefined> => {
    if (!zUsername.safeParse(value).success) return undefined
    const waiting = rateLimit.waiting()
    if (waiting) return waiting
    try {
      const answer = await queryClient.fetchQuery(validateUsernameQueryOptions(value))
      return answer.available ? undefined : () => m.register_username_taken()
    } catch (error) {
      return rateLimit.failed(error)
    }
  }
}

export type UsernameStatus = 'idle' | 'checking' | 'available'

/** What the hint under the field says: checking while the validator runs, then available. */
export function useUsernameStatus(username: string, isValidating: boolean): UsernameStatus {
  // Reads the answer the validator cached; never fetches by itself.
  const { data } = useQuery({ ...validateUsernameQueryOptions(username), enabled: false })
  if (!zUsername.safeParse(username).success) return 'idle'
  if (isValidating) return 'checking'
  return data?.available ? 'available' : 'idle'
}
