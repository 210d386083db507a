/**
 * After a deploy, a tab still running the old build asks for chunk files that no longer
 * exist. Reloading fetches the new build; doing it at most once per error message (spec
 * section 2) keeps a chunk that is really broken from reloading the page in a loop.
 */

// TanStack Router's lazyRouteComponent applies the same rule to route chunks under this
// prefix; sharing it means one reload per message in total, not one per mechanism.
const KEY_PREFIX = 'tanstack_router_reload:'

const CHUNK_ERROR_MESSAGES = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's CSS preload of a chunk
]

/** A failed `import()` of one of our chunks (the browser's wording differs). */
export function isChunkLoadError(error: unknown): error is Error {
  return (
    error instanceof Error && CHUNK_ERROR_MESSAGES.some((start) => error.message.startsWith(start))
  )
}

type ReloadDeps = { storage?: Storage; reload?: () => void }

/**
 * The storage key for this error if a reload is due, else undefined. Offline, a chunk fails
 * because the network is gone, not because a deploy replaced it: a reload would only show
 * the browser's offline page, so none is due (and none is spent for the message).
 */
export function chunkReloadKey(error: unknown, storage?: Storage): string | undefined {
  if (!isChunkLoadError(error) || !navigator.onLine) return undefined
  const key = `${KEY_PREFIX}${error.message}`
  try {
    return (storage ?? sessionStorage).getItem(key) ? undefined : key
  } catch {
    // No session storage (privacy mode): we could not remember the reload, so never reload.
    return undefined
  }
}

/** Reloads the page for a chunk error not reloaded for yet; returns whether it did. */
export function reloadOnceForChunkError(error: unknown, deps: ReloadDeps = {}): boolean {
  const storage = deps.storage ?? sessionStorage
  const key = chunkReloadKey(error, storage)
  if (!key) return false
  try {
    storage.setItem(key, '1')
  } catch {
    return false
  }
  ;(deps.reload ?? (() => window.location.reload()))()
  return true
}

/**
 * Whether the chunk an error names is gone from the server (a deploy replaced it), asked with
 * a HEAD request: a chunk that failed on a flaky line is still there, and is asked for again
 * at its next use instead of reloading the page (which would lose what the player typed).
 * An error that names no address is taken as gone.
 */
export async function chunkIsGone(error: Error, fetcher: typeof fetch = fetch): Promise<boolean> {
  const url = /https?:\/\/\S+/.exec(error.message)?.[0]
  if (!url) return true
  try {
    return (await fetcher(url, { method: 'HEAD', cache: 'no-store' })).status === 404
  } catch {
    return false
  }
}

/**
 * Vite reports failed chunk preloads as a window event before the import rejects; the import
 * rejects to its caller (which shows the failure and asks again), and the page reloads once
 * only if the chunk is gone from the server.
 */
export function installChunkErrorReload(target: Window = window) {
  target.addEventListener('vite:preloadError', (event) => {
    const error = event.payload
    if (!chunkReloadKey(error)) return
    void chunkIsGone(error).then((gone) => {
      if (gone) reloadOnceForChunkError(error)
    })
  })
}
