/**
 * Waiting for the browser to be idle before work the player does not wait for (first-load
 * budget, issue 9). `requestIdleCallback` is missing in Safari < 18, hence the fallback.
 */

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

/** Resolves once the page has loaded (the `load` event), at once when it already has. */
export function whenLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve()
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }))
}

/** Gives the browser a turn (input, paint) between two long pieces of work. */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
