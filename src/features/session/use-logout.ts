import { useQueryClient } from '@tanstack/react-query'
import { $api } from '~/lib/api-client'
import { forgetPlayerInfo } from './session-queries'

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
