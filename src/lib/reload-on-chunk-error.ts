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

/** Vite reports failed chunk preloads as a window event before the import rejects. */
export function installChunkErrorReload(target: Window = window) {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunkError(event.payload)) event.preventDefault()
  })
}
