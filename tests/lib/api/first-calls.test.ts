import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchClient, REQUEST_TIMEOUT_MS } from '~/lib/api/client'
import {
  adoptFirstCalls,
  dropFirstCalls,
  FIRST_CALL_TAKEN_MARK,
  FIRST_CALLS_GLOBAL,
  FIRST_CALLS_TTL_MS,
} from '~/lib/api/first-calls'
import { startWithMockHeaders } from '~/dev/mock-headers'
import { preferMiddleware } from '~/dev/mock-prefer'
import { example, http, mockApi } from '../../helpers/api'

/** An answer as the preload script's fetch would have it: the contract's example, marked. */
function startedAnswer(id: 'getAgencyInfo' | 'getPlayerInfo', name: string) {
  const body = { ...(example(id, 200) as object), name }
  return Promise.resolve(
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    }),
  )
}

/** What the preload script leaves for the app, adopted as src/main.tsx does. */
function adopt(calls: Record<string, Promise<Response>>) {
  const scope: Record<string, unknown> = { [FIRST_CALLS_GLOBAL]: calls }
  adoptFirstCalls(scope)
  return scope
}

const serverAgency = () =>
  mockApi(
    http.get('/v2/agency/info', ({ response }) =>
      response(200).json({ ...example('getAgencyInfo', 200), name: 'from the server' }),
    ),
  )

afterEach(() => {
  dropFirstCalls()
  vi.useRealTimers()
})

describe("the first load's calls the preload script started", () => {
  it('answer the first request of their address, once, without asking the server', async () => {
    const api = serverAgency()
    const scope = adopt({ '/api/v2/agency/info': startedAnswer('getAgencyInfo', 'started') })

    const first = await fetchClient.GET('/v2/agency/info')
    expect(first.data?.name).toBe('started')
    expect(api.to('/v2/agency/info')).toHaveLength(0)
    expect(
      performance.getEntriesByName(`${FIRST_CALL_TAKEN_MARK}/api/v2/agency/info`),
    ).toHaveLength(1)

    const second = await fetchClient.GET('/v2/agency/info')
    expect(second.data?.name).toBe('from the server')
    expect(api.to('/v2/agency/info')).toHaveLength(1)
    // Claimed: the preload script does not start it now.
    expect(scope[FIRST_CALLS_GLOBAL]).toEqual({ '/api/v2/agency/info': null })
  })

  it('claim the addresses the app asks for before the preload script has started them', async () => {
    const api = serverAgency()
    const scope = adopt({})
    expect((await fetchClient.GET('/v2/agency/info')).data?.name).toBe('from the server')
    expect(scope[FIRST_CALLS_GLOBAL]).toEqual({ '/api/v2/agency/info': null })
    expect(api.to('/v2/agency/info')).toHaveLength(1)
  })

  it('are not waited for where the preload script started none: a late one starts nothing', () => {
    const scope: Record<string, unknown> = {}
    adoptFirstCalls(scope)
    expect(scope[FIRST_CALLS_GLOBAL]).toBeNull()
  })

  it('go through the same response check as any answer', async () => {
    serverAgency()
    adopt({
      '/api/v2/agency/info': Promise.resolve(
        new Response('<html>Bad gateway</html>', { status: 200 }),
      ),
    })
    await expect(fetchClient.GET('/v2/agency/info')).rejects.toMatchObject({
      code: 'UNEXPECTED_RESPONSE',
    })
  })

  it('are not taken by a request that differs: another address, or mock choices in its headers', async () => {
    const api = serverAgency()
    adopt({ '/api/v2/agency/info?x=1': startedAnswer('getAgencyInfo', 'started') })
    expect((await fetchClient.GET('/v2/agency/info')).data?.name).toBe('from the server')

    localStorage.setItem('mock:scenario', 'new-player')
    fetchClient.use(preferMiddleware)
    try {
      adopt({ '/api/v2/agency/info': startedAnswer('getAgencyInfo', 'started') })
      expect((await fetchClient.GET('/v2/agency/info')).data?.name).toBe('from the server')
    } finally {
      fetchClient.eject(preferMiddleware)
      localStorage.removeItem('mock:scenario')
    }
    // Forgotten, not kept for a later request without the choices.
    expect((await fetchClient.GET('/v2/agency/info')).data?.name).toBe('from the server')
    expect(api.to('/v2/agency/info')).toHaveLength(3)
  })

  it('are taken under mock choices the preload script sent too, not after a choice made since', async () => {
    const api = serverAgency()
    localStorage.setItem('mock:scenario', 'new-player')
    localStorage.setItem('mock:prefer', JSON.stringify({ getAgencyInfo: 'code=200' }))
    fetchClient.use(preferMiddleware)
    try {
      // As the e2e build's script starts it: with the choices stored now.
      const sent = (id: 'getAgencyInfo', name: string) => {
        vi.stubGlobal('fetch', () => startedAnswer(id, name))
        try {
          const address = '/api/v2/agency/info'
          return startWithMockHeaders({ [address]: id })(address, address)
        } finally {
          vi.unstubAllGlobals()
        }
      }
      adopt({ '/api/v2/agency/info': sent('getAgencyInfo', 'started') })
      expect((await fetchClient.GET('/v2/agency/info')).data?.name).toBe('started')
      expect(api.to('/v2/agency/info')).toHaveLength(0)

      adopt({ '/api/v2/agency/info': sent('getAgencyInfo', 'started') })
      // A choice made once the script had sent its call (a test, the URL's ?mock=).
      localStorage.setItem('mock:latency', '300')
      expect((await fetchClient.GET('/v2/agency/info')).data?.name).toBe('from the server')
      expect(api.to('/v2/agency/info')).toHaveLength(1)
    } finally {
      fetchClient.eject(preferMiddleware)
      localStorage.clear()
    }
  })

  it('are asked for again when they failed on the way', async () => {
    const api = serverAgency()
    const failed = Promise.reject(new TypeError('Failed to fetch'))
    failed.catch(() => undefined)
    adopt({ '/api/v2/agency/info': failed })
    expect((await fetchClient.GET('/v2/agency/info')).data?.name).toBe('from the server')
    expect(api.to('/v2/agency/info')).toHaveLength(1)
  })

  it('are all forgotten at the first 401: after a login they are not the answer', async () => {
    const api = serverAgency()
    const noSession = { code: 'UNAUTHORIZED', message: 'no session', requestId: 'r-1' }
    const scope = adopt({
      '/api/v2/players/info': Promise.resolve(
        new Response(JSON.stringify(noSession), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
      '/api/v2/agency/info': startedAnswer('getAgencyInfo', 'started'),
    })
    await expect(fetchClient.GET('/v2/players/info')).rejects.toMatchObject({ status: 401 })
    // Nor does the preload script start any more.
    expect(scope[FIRST_CALLS_GLOBAL]).toBeNull()
    expect((await fetchClient.GET('/v2/agency/info')).data?.name).toBe('from the server')
    expect(api.to('/v2/agency/info')).toHaveLength(1)
  })

  it('are forgotten once the first load is long over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const api = serverAgency()
    adopt({ '/api/v2/agency/info': startedAnswer('getAgencyInfo', 'started') })
    vi.advanceTimersByTime(FIRST_CALLS_TTL_MS)
    vi.useRealTimers()
    expect((await fetchClient.GET('/v2/agency/info')).data?.name).toBe('from the server')
    expect(api.to('/v2/agency/info')).toHaveLength(1)
  })

  it("keep the client's time limit: one that never answers is the screen's timeout", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const api = serverAgency()
    adopt({ '/api/v2/agency/info': new Promise<Response>(() => {}) })
    const call = fetchClient.GET('/v2/agency/info')
    const checked = expect(call).rejects.toMatchObject({ code: 'TIMEOUT' })
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS)
    await checked
    expect(api.to('/v2/agency/info')).toHaveLength(0)
  })
})
