// The player group's calls on a first load: the page's calls start beside players
// info, not one round trip after it, and a session that is over still ends on /login with the
// way back. The app's own router and route tree, loaded without rendering.
import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { routeTree } from '~generated/routeTree.gen'
import { delay } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { setUnauthorizedListener } from '~/lib/api/client'
import { setAgencyTimeZone } from '~/domain/format'
import { installUnauthorizedRedirect, refreshPlayerInfo } from '~/lib/session'
import { example, http, mockApi } from '../helpers/api'
import { createTestQueryClient } from '../helpers/render'

const PAGE_CALLS = [
  '/v2/agency/info',
  '/v2/deposits/open',
  '/v2/players/bank-accounts',
  '/v2/rates',
  '/v2/players/promotions/using',
  '/v2/banks',
  '/v2/players/credits/alphabet',
  '/v2/players/credits/askmebet',
  '/v2/players/credits/gclub',
  '/v2/players/credits/gclub_live',
]

/** Every call of /player/deposit answered by the contract's example, players info as given. */
function depositCalls(playerInfo: () => Promise<Response>) {
  return mockApi(
    http.get('/v2/players/info', playerInfo),
    http.get('/v2/agency/info', ({ response }) =>
      response(200).json(example('getAgencyInfo', 200)),
    ),
    http.get('/v2/deposits/open', ({ response }) =>
      response(200).json(example('listOpenDeposits', 200)),
    ),
    http.get('/v2/players/bank-accounts', ({ response }) =>
      response(200).json(example('listBankAccounts', 200)),
    ),
    http.get('/v2/rates', ({ response }) => response(200).json(example('listCurrencyRates', 200))),
    http.get('/v2/players/promotions/using', ({ response }) =>
      response(200).json(example('getCurrentPromotion', 200)),
    ),
    http.get('/v2/banks', ({ response }) => response(200).json(example('listBanks', 200))),
    http.get('/v2/players/credits/{provider}', ({ response }) =>
      response(200).json(example('getProviderCredit', 200)),
    ),
  )
}

function loadAt(path: string) {
  const queryClient = createTestQueryClient()
  // The app's route tree and context, without createAppRouter's language subscription (it
  // would outlive this file in the worker and reload these routers on another file's switch).
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  installUnauthorizedRedirect(router, queryClient)
  return { router, queryClient }
}

describe('the player group on a first load', () => {
  // The root loader sets the agency's time zone for the whole module graph, which this worker
  // keeps for the next file (isolate: false): back to none after each test.
  afterEach(() => {
    setUnauthorizedListener(undefined)
    setAgencyTimeZone(undefined)
  })

  it('asks every call of the deposit page before players info has answered', async () => {
    let sentBeforeAnswer: string[] = []
    const api = depositCalls(async () => {
      await delay(100)
      sentBeforeAnswer = api.requests.map((request) => new URL(request.url).pathname)
      return Response.json(example('getPlayerInfo', 200))
    })
    const { router } = loadAt('/player/deposit')
    await router.load()
    expect(router.state.location.pathname).toBe('/player/deposit')
    expect(sentBeforeAnswer.sort()).toEqual(
      ['/v2/players/info', ...PAGE_CALLS].map((path) => `/api${path}`).sort(),
    )
    // Each once: the page's queries take the loader's answers (one key per call).
    for (const path of PAGE_CALLS) expect(api.to(path), path).toHaveLength(1)
  })

  it('a session that is over still ends on /login with the way back, whichever 401 comes first', async () => {
    const unauthorized = example('getPlayerInfo', 401)
    mockApi(
      http.get('/v2/players/info', async ({ response }) => {
        await delay(50)
        return response(401).json(unauthorized)
      }),
      http.get('/v2/agency/info', ({ response }) =>
        response(200).json(example('getAgencyInfo', 200)),
      ),
      http.get('/v2/deposits/open', ({ response }) => response(401).json(unauthorized)),
      http.get('/v2/players/bank-accounts', ({ response }) => response(401).json(unauthorized)),
      http.get('/v2/rates', ({ response }) =>
        response(200).json(example('listCurrencyRates', 200)),
      ),
      http.get('/v2/players/promotions/using', ({ response }) => response(401).json(unauthorized)),
      http.get('/v2/banks', ({ response }) => response(200).json(example('listBanks', 200))),
      http.get('/v2/players/credits/{provider}', ({ response }) =>
        response(401).json(unauthorized),
      ),
    )
    const { router } = loadAt('/player/deposit')
    await router.load()
    await expect.poll(() => router.state.location.pathname).toBe('/login')
    await expect.poll(() => router.state.status).toBe('idle')
    expect(router.state.location.search).toEqual({ redirect: '/player/deposit' })
  })

  it('a session already known to be over goes to /login without a player call', async () => {
    const api = mockApi(
      http.get('/v2/players/info', ({ response }) =>
        response(401).json(example('getPlayerInfo', 401)),
      ),
    )
    const { router, queryClient } = loadAt('/player/deposit')
    queryClient.setQueryData(agencyInfoQueryOptions().queryKey, example('getAgencyInfo', 200))
    await refreshPlayerInfo(queryClient).catch(() => undefined)
    const sent = api.requests.length
    await router.load()
    expect(router.state.location.pathname).toBe('/login')
    expect(api.requests.slice(sent)).toEqual([])
  })
})
