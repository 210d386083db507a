import { useQueryClient } from '@tanstack/react-query'
import { $api } from '~/lib/api-client'
import { playerInfoQueryOptions } from './session-queries'

/** Logout: the cached player is removed and the page reloads (spec section 4), even if the call failed. */
export function useLogout() {
  const queryClient = useQueryClient()
  const mutation = $api.useMutation('post', '/v2/players/logout', {
    onSettled: () => {
      queryClient.removeQueries({ queryKey: playerInfoQueryOptions().queryKey })
      window.location.reload()
    },
  })
  return { logout: () => mutation.mutate({}), isPending: mutation.isPending }
}
