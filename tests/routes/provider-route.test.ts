// The provider pages are one route, /player/game/$provider: each provider of the contract is a
// page of it, and an address naming no provider is the router's Not Found, as any unknown
// address under /player is. The app's own router and route tree, loaded without rendering.
import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { routeTree } from '~generated/routeTree.gen'
import { afterEach, describe, expect, it } from 'vitest'
import { setAgencyTimeZone } from '~/domain/format'
import { PROVIDERS } from '~/lib/game-catalogue'
import { example, http, mockApi } from '../helpers/api'
import { createTestQueryClient } from '../helpers/render'

function answerEveryCall() {
  return mockApi(
    http.get('/v2/players/info', ({ response }) =>
      response(200).json(example('getPlayerInfo', 200)),
    ),
    http.get('/v2/agency/info', ({ response }) =>
      response(200).json(example('getAgencyInfo', 200)),
    ),
    http.get('/v2/games', ({ response }) => response(200).json(example('listGames', 200))),
    http.get('/v2/games/alphabet', ({ response }) =>
      response(200).json(example('listAlphabetGames', 200)),
    ),
    http.get('/v2/players/credits/{provider}', ({ response }) =>
      response(200).json(example('getProviderCredit', 200)),
    ),
  )
}

async function loadAt(path: string) {
  const router = createRouter({
    routeTree,
    context: { queryClient: createTestQueryClient() },
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  await router.load()
  return router.state.matches
}

describe('/player/game/$provider', () => {
  // The root loader sets the agency's time zone for the whole module graph (isolate: false).
  afterEach(() => setAgencyTimeZone(undefined))

  it.each(PROVIDERS)(
    '%s is a page of the one route, which loads that provider',
    async (provider) => {
      const api = answerEveryCall()
      const matches = await loadAt(`/player/game/${provider}`)
      expect(matches.at(-1)).toMatchObject({
        routeId: '/player/game/$provider',
        params: { provider },
        status: 'success',
      })
      const list = provider === 'alphabet' ? api.to('/v2/games/alphabet') : api.to('/v2/games')
      expect(list).toHaveLength(1)
      if (provider !== 'alphabet')
        expect(new URL(list[0]!.url).searchParams.get('provider')).toBe(provider)
      // The credit is asked in a task after the list's (prefetchProviderCredits).
      await expect.poll(() => api.to(`/v2/players/credits/${provider}`)).toHaveLength(1)
    },
  )

  it('an address naming no provider is not found, as any unknown address under /player', async () => {
    answerEveryCall()
    const routes = async (path: string) => (await loadAt(path)).map((match) => match.routeId)
    const unknownProvider = await routes('/player/game/nope')
    expect(unknownProvider).not.toContain('/player/game/$provider')
    expect(unknownProvider).toEqual(await routes('/player/no-such-page'))
  })
})
