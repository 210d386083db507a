import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from 'react-aria-components'
import { m } from '~generated/paraglide/messages'
import { refreshAllQueries } from '~/lib/api/credits'
import { Icon } from '~/ui/icon'
import { showToast } from '~/ui/toast'

type RefreshButtonProps = { className?: string }

/**
 * The refresh action (spec section 4): every credit and every other cached query is fetched
 * again. The icon spins while that runs (the button stays focusable but ignores presses) and a
 * toast says when it is done, which the toast region announces to screen readers.
 */
export function RefreshButton({ className = '' }: RefreshButtonProps) {
  const queryClient = useQueryClient()
  const [isRefreshing, setRefreshing] = useState(false)

  const refresh = async () => {
    setRefreshing(true)
    try {
      const { failed } = await refreshAllQueries(queryClient)
      showToast(
        failed
          ? { title: m.game_refresh_failed(), tone: 'error' }
          : { title: m.game_refresh_done(), tone: 'success' },
      )
    } finally {
      setRefreshing(false)
    }
  }

  return (
    <Button
      aria-label={m.game_refresh()}
      isPending={isRefreshing}
      onPress={() => void refresh()}
      className={`grid size-10 shrink-0 cursor-pointer place-items-center rounded-lg text-ink hover:bg-surface-overlay focus-visible:outline-3 focus-visible:outline-accent pending:cursor-wait bar:size-11 ${className}`}
    >
      <Icon
        name="refresh"
        className={`size-5 ${isRefreshing ? 'animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]' : ''}`}
      />
    </Button>
  )
}
