import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { whenNoFetches } from '~/lib/query-client'

afterEach(() => vi.useRealTimers())

/** A query whose answer the test gives when it likes. */
function pendingQuery(client: QueryClient, key: string) {
  let answer: (value: string) => void = () => {}
  void client.fetchQuery({
    queryKey: [key],
    queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
  })
  return (value: string) => answer(value)
}

const settledIn = async (promise: Promise<void>) => {
  let done = false
  void promise.then(() => (done = true))
  await vi.advanceTimersByTimeAsync(0)
  return done
}

describe('whenNoFetches (the overlays wait for the first screen calls, issue 19)', () => {
  it('resolves at once when nothing is fetching', async () => {
    vi.useFakeTimers()
    expect(await settledIn(whenNoFetches(new QueryClient(), 4000))).toBe(true)
  })

  it('waits for every call in flight, not just the first to answer', async () => {
    vi.useFakeTimers()
    const client = new QueryClient()
    const agency = pendingQuery(client, 'agency')
    const player = pendingQuery(client, 'player')
    const settled = whenNoFetches(client, 4000)
    expect(await settledIn(settled)).toBe(false)
    agency('champa')
    expect(await settledIn(settled)).toBe(false)
    player('souksavanh')
    expect(await settledIn(settled)).toBe(true)
  })

  it('gives up waiting after the timeout (a slow call does not hold the overlays back)', async () => {
    vi.useFakeTimers()
    const client = new QueryClient()
    pendingQuery(client, 'slow')
    const settled = whenNoFetches(client, 4000)
    await vi.advanceTimersByTimeAsync(3999)
    expect(await settledIn(settled)).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await settledIn(settled)).toBe(true)
  })
})
