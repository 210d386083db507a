import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { example, http, mockApi } from '../../helpers/api'

afterEach(() => {
  vi.doUnmock('~/lib/api/response-check')
  vi.resetModules()
  vi.useRealTimers()
})

/** The client module anew, so its one download of the response check starts again. */
async function freshClient() {
  vi.resetModules()
  return (await import('~/lib/api/client')).fetchClient
}

describe('the API client', () => {
  it('asks for the response check again after its download failed', async () => {
    let downloads = 0
    vi.doMock('~/lib/api/response-check', async (original) => {
      downloads += 1
      if (downloads === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return original()
    })
    const api = mockApi(
      http.get('/v2/agency/info', ({ response }) =>
        response(200).json(example('getAgencyInfo', 200)),
      ),
      http.get('/v2/players/info', ({ response }) =>
        response.untyped(HttpResponse.json({ player: 'not an object' })),
      ),
    )
    // The client's own download at start-up fails (a flaky line)...
    const client = await freshClient()
    // ...and the next answer asks for it again: answers are checked, not all refused.
    const answer = await client.GET('/v2/agency/info')
    expect(answer.data?.name).toBe(example('getAgencyInfo', 200).name)
    expect(downloads).toBe(2)
    await expect(client.GET('/v2/players/info')).rejects.toMatchObject({
      code: 'UNEXPECTED_RESPONSE',
    })
    expect(api.to('/v2/agency/info')).toHaveLength(1)
  })

  it('times out an answer whose body stalls after its headers', async () => {
    const { REQUEST_TIMEOUT_MS } = await import('~/lib/api/client')
    const client = await freshClient()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    // Headers at once, then half a body and silence.
    const stalled = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode('{"name":')),
    })
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(stalled, { status: 200, headers: { 'Content-Type': 'application/json' } }),
      ),
    )
    try {
      const call = client.GET('/v2/agency/info')
      const checked = expect(call).rejects.toMatchObject({ code: 'TIMEOUT' })
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS)
      await checked
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
