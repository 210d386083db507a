// When a page counts as drawn: no request open (code chunks included, a lazy route's chunk
// precedes its calls) for a short while. Shared by the fuzzer and the journeys.
import type { Page } from '@playwright/test'

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
