import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useLocale } from '~/lib/locale'
import { chunkReloadKey, reloadOnceForChunkError } from '~/lib/reload-on-chunk-error'
import { ErrorPanel } from './error-panel'
import { PagePending } from './page-pending'

/**
 * The router's error fallback. A chunk that failed to load (an old tab after a deploy)
 * reloads the page once for that message; any other error shows the error panel, whose retry
 * runs the loaders again (a loader's failure, such as the session check answering 503, is
 * only asked again so: resetting the boundary alone would show the same failed match).
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  useLocale()
  const router = useRouter()
  // Decided once per error: the reload below marks it done, which must not flip the view.
  const [willReload] = useState(() => chunkReloadKey(error) !== undefined)
  useEffect(() => {
    if (willReload) reloadOnceForChunkError(error)
  }, [error, willReload])
  if (willReload) return <PagePending />
  const retry = () => {
    reset()
    void router.invalidate()
  }
  return <ErrorPanel error={error} reset={retry} />
}
