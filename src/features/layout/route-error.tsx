import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { isApiError } from '~/lib/api/error'
import { errorMessage } from '~/lib/error-messages'
import { useLocale } from '~/lib/locale'
import { chunkReloadKey, reloadOnceForChunkError } from '~/lib/reload-on-chunk-error'
import { ErrorState } from '~/ui/query-state'
import { ErrorPanel } from './error-panel'
import { PagePending } from './page-pending'

/**
 * The router's error fallback. A chunk that failed to load (an old tab after a deploy)
 * reloads the page once for that message; a call that failed in a route's loader (the
 * session check answering 503) is said as any failed load is, with a retry that runs the
 * loaders again; any other error shows the error panel.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  useLocale()
  const router = useRouter()
  const [retrying, setRetrying] = useState(false)
  // Decided once per error: the reload below marks it done, which must not flip the view.
  const [willReload] = useState(() => chunkReloadKey(error) !== undefined)
  useEffect(() => {
    if (willReload) reloadOnceForChunkError(error)
  }, [error, willReload])
  if (willReload) return <PagePending />
  if (isApiError(error)) {
    return (
      <div className="mx-auto w-full max-w-3xl p-4 sm:p-6">
        <ErrorState
          message={errorMessage(error)}
          isRetrying={retrying}
          onRetry={() => {
            setRetrying(true)
            void router.invalidate().finally(() => setRetrying(false))
          }}
        />
      </div>
    )
  }
  return <ErrorPanel error={error} reset={reset} />
}
