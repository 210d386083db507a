// When a page counts as drawn: no request open (code chunks included, a lazy route's chunk
// precedes its calls) for a short while. Shared by the fuzzer and the journeys.
import type { Page } from '@playwright/test'

/**
 * react-aria announces a pressed button's pending state with a live-region node labelled by
 * the button, and removes it 7 s later (its live announcer's timeout). When the button gave
 * way to the result (form -> order, claim -> promotion in force), the node meanwhile points
 * at nothing and axe reads it as an image without a name.
 */
export const PENDING_ANNOUNCEMENT = '[aria-live] [role="img"]'
export const ANNOUNCEMENT_CLEARED_MS = 7_000

/**
 * An overlay still fading in or out: its text is at part opacity, which axe reads as too
 * little contrast. react-aria marks it until its animation ends.
 */
export const IN_TRANSITION = '[data-entering], [data-exiting]'

/** How long the network must be quiet before a page counts as drawn. */
export const QUIET_MS = 300

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A live count of the page's open requests. */
export function openRequests(page: Page, onRequest?: (url: string, method: string) => void) {
  const network = { pending: 0 }
  page.on('request', (request) => {
    network.pending++
    onRequest?.(request.url(), request.method())
  })
  page.on('requestfinished', () => network.pending--)
  page.on('requestfailed', () => network.pending--)
  return network
}

/** Waits until no request is open for QUIET_MS (at most `limit` ms). */
export async function quiet(network: { pending: number }, limit: number) {
  const deadline = Date.now() + limit
  let quietSince = Date.now()
  while (Date.now() < deadline) {
    if (network.pending > 0) quietSince = Date.now()
    else if (Date.now() - quietSince >= QUIET_MS) return
    await sleep(50)
  }
}
