/**
 * Waiting for the browser to be idle before work the player does not wait for (first-load
 * budget). `requestIdleCallback` is missing in Safari < 18, hence the fallback.
 */

/**
 * A user-timing mark set when the first work the player does not wait for starts (the
 * overlays' code, the service worker). `npm run bench` counts a first load's scripts up to it
 * at the latest: what is asked for from here on is not part of the first load, even on a page
 * whose largest paint comes later.
 */
export const IDLE_WORK_MARK = 'idle-work-started'

/** Sets IDLE_WORK_MARK, once. */
export function markIdleWork() {
  if (performance.getEntriesByName?.(IDLE_WORK_MARK).length) return
  performance.mark?.(IDLE_WORK_MARK)
}

/** Resolves in an idle period of the main thread, or after `timeout` ms at the latest. */
export function whenIdle(timeout: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout })
    } else {
      setTimeout(resolve, 1)
    }
  })
}

/** What says the player is using the page: a tap, a click, a key, a wheel or a scroll. */
const PLAYER_INPUT = ['pointerdown', 'keydown', 'wheel', 'scroll'] as const

/**
 * Resolves once the page has been quiet for `quietMs`: no long task on the main thread (where
 * the browser reports them, Chromium's `longtask` entries) and no input from the player; or
 * after `maxMs` at the latest, so work that must run once does run on a page in constant use.
 * Heavy work the player does not wait for (fingerprinting: most of a second of main thread on
 * a slow phone, in tasks of up to ~150 ms at full speed) waits for this rather than the first
 * idle moment, which comes while the first screen is still being used and read: the page is
 * interactive by then in the sense of Lighthouse's TTI (five seconds without a long task).
 */
export function whenQuiet(quietMs: number, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined
    let observer: PerformanceObserver | undefined
    const restart = () => {
      clearTimeout(quiet)
      quiet = setTimeout(done, quietMs)
    }
    const done = () => {
      clearTimeout(quiet)
      clearTimeout(latest)
      observer?.disconnect()
      for (const type of PLAYER_INPUT) window.removeEventListener(type, restart, true)
      resolve()
    }
    const latest = setTimeout(done, maxMs)
    if (
      typeof PerformanceObserver === 'function' &&
      PerformanceObserver.supportedEntryTypes?.includes('longtask')
    ) {
      observer = new PerformanceObserver(restart)
      observer.observe({ type: 'longtask' })
    }
    for (const type of PLAYER_INPUT) {
      window.addEventListener(type, restart, { capture: true, passive: true })
    }
    restart()
  })
}

/**
 * Resolves once the page has loaded and then been quiet for `quietMs` (`whenQuiet`): where work
 * the player never waits for, and which would compete with the first screen's, starts
 * (fingerprinting, the manifest's install check).
 */
export async function whenQuietAfterLoad(quietMs: number, maxMs: number): Promise<void> {
  await whenLoaded()
  await whenQuiet(quietMs, maxMs)
}

/** Resolves once the page has loaded (the `load` event), at once when it already has. */
export function whenLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve()
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }))
}

/**
 * Resolves once the first screen has settled: the page has loaded, a frame has been painted,
 * its web fonts are in (the largest paint is final) and the browser is idle (or `timeout` ms
 * have passed). Work the player does not wait for starts here, not in the tasks that draw the
 * first screen. `document.fonts.ready` is read after a paint: reading it brings style and
 * layout up to date, which inside a render's commit forced the page's whole first layout
 * (seen in a 4x CPU profile).
 */
export async function whenSettled(timeout: number): Promise<void> {
  await whenLoaded()
  await nextPaint()
  await document.fonts?.ready
  await whenIdle(timeout)
}

/** Resolves once the next frame has been painted (`afterNextPaint`). */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => afterNextPaint(resolve))
}

/** Gives the browser a turn (input, paint) between two long pieces of work. */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * Runs `run` once the next frame has been painted (a task queued from a frame callback runs
 * after that frame's style, layout and paint), so reading layout there (`scrollY`,
 * `getBoundingClientRect`) costs nothing: the layout is already done. A hidden page paints no
 * frame, hence `fallbackMs`. Returns a cancel function.
 */
export function afterNextPaint(run: () => void, fallbackMs = 500): () => void {
  let done = false
  let task: ReturnType<typeof setTimeout> | undefined
  const frame =
    typeof window.requestAnimationFrame === 'function'
      ? window.requestAnimationFrame(() => (task = setTimeout(once, 0)))
      : undefined
  const fallback = setTimeout(once, fallbackMs)
  // Whichever comes first, the frame's task or the fallback, runs `run`; the other is dropped,
  // so no frame callback is left waiting once `run` has run.
  function cancel() {
    done = true
    if (frame !== undefined) window.cancelAnimationFrame(frame)
    clearTimeout(task)
    clearTimeout(fallback)
  }
  function once() {
    if (done) return
    cancel()
    run()
  }
  return cancel
}
