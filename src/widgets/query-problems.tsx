import { errorMessage } from '~/domain/error-messages'
import type { QueryFailure } from '~/lib/query-state'
import { ErrorState, RefreshFailedNotice } from '~/ui/query-state'

/** A part of a page that has nothing to show: its reason and a retry (queriesState `failed`). */
export function LoadFailed({ failure, title }: { failure: QueryFailure; title?: string }) {
  return (
    <ErrorState
      title={title}
      message={errorMessage(failure.error)}
      onRetry={failure.retry}
      isRetrying={failure.isRetrying}
    />
  )
}

/**
 * Data kept on screen after a failed refetch: the quiet notice with a retry (`stale` of
 * queriesState, or staleOf several), else nothing.
 */
export function RefreshFailed({ stale }: { stale: QueryFailure | undefined }) {
  if (!stale) return null
  return (
    <RefreshFailedNotice
      message={errorMessage(stale.error)}
      onRetry={stale.retry}
      isRetrying={stale.isRetrying}
    />
  )
}
