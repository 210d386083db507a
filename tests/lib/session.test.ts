import { createTestQueryClient } from '../helpers/render'
import { isRedirect, type ParsedLocation } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { PLAYER_HOME } from '~/lib/navigation'
import {
  leaveEndedSession,
  redirectPlayerHome,
  refreshPlayerInfo,
  requirePlayer,
  resolveSession,
} from '~/lib/session'
import { example, http, mockApi } from '../helpers/api'

const playerInfo = example('getPlayerInfo', 200)
const unauthorized = example('getPlayerInfo', 401)
const location = { href: '/player/bank?x=1' } as ParsedLocation
const noSearch = { search: {} }

const loggedIn = () =>
  mockApi(http.get('/v2/players/info', ({ response }) => response(200).json(playerInfo)))
const loggedOut = () =>
  mockApi(http.get('/v2/players/info', ({ response }) => response(401).json(unauthorized)))

async function thrown(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error
  }
  return undefined
}

describe('resolveSession', () => {
  it('is loggedIn when players info answers, and asks only once', async () => {
    const fetch = loggedIn()
    const queryClient = createTestQueryClient()
    expect(await resolveSession(queryClient)).toBe('loggedIn')
    expect(await resolveSession(queryClient)).toBe('loggedIn')
    expect(fetch.to('/v2/players/info')).toHaveLength(1)
  })

  it('is loggedOut on a 401, remembered without asking on every navigation', async () => {
    const fetch = loggedOut()
    const queryClient = createTestQueryClient()
    expect(await resolveSession(queryClient)).toBe('loggedOut')
    expect(await resolveSession(queryClient)).toBe('loggedOut')
    expect(fetch.to('/v2/players/info')).toHaveLength(1)
  })

  it('becomes loggedIn once login refreshed players info', async () => {
    let session = false
    mockApi(
      http.get('/v2/players/info', ({ response }) =>
        session ? response(200).json(playerInfo) : response(401).json(unauthorized),
      ),
    )
    const queryClient = createTestQueryClient()
    expect(await resolveSession(queryClient)).toBe('loggedOut')
    session = true
    await refreshPlayerInfo(queryClient)
    expect(await resolveSession(queryClient)).toBe('loggedIn')
  })

  it('asks again after a failure that says nothing about the session', async () => {
    let calls = 0
    mockApi(
      http.get('/v2/players/info', ({ response }) =>
        ++calls === 1
          ? response(500).json(example('getPlayerInfo', 500))
          : response(200).json(playerInfo),
      ),
    )
    const queryClient = createTestQueryClient()
    // A 500 is not "logged out": it is thrown, for the page to show with a retry...
    await expect(resolveSession(queryClient)).rejects.toMatchObject({ status: 500 })
    // ...and the next check asks again.
    expect(await resolveSession(queryClient)).toBe('loggedIn')
  })
})

describe('guards', () => {
  it('sends a logged-out player from a player page to /login, with the way back', async () => {
    loggedOut()
    const error = await thrown(
      requirePlayer({ context: { queryClient: createTestQueryClient() }, location }),
    )
    expect(isRedirect(error)).toBe(true)
    expect(error).toMatchObject({
      options: { to: '/login', search: { redirect: '/player/bank?x=1' } },
    })
  })

  it('sends a session known to be over to /login at once, and asks nothing to let others by', async () => {
    const fetch = loggedOut()
    const queryClient = createTestQueryClient()
    // Nothing known yet: the loader's guard decides, beside the page's calls.
    expect(leaveEndedSession({ context: { queryClient }, location })).toBeUndefined()
    expect(fetch.requests).toHaveLength(0)
    await refreshPlayerInfo(queryClient).catch(() => undefined)
    let error: unknown
    try {
      leaveEndedSession({ context: { queryClient }, location })
    } catch (thrownError) {
      error = thrownError
    }
    expect(isRedirect(error)).toBe(true)
    expect(error).toMatchObject({
      options: { to: '/login', search: { redirect: '/player/bank?x=1' } },
    })
    expect(fetch.to('/v2/players/info')).toHaveLength(1)
  })

  it('lets a logged-in player through', async () => {
    loggedIn()
    const queryClient = createTestQueryClient()
    await expect(requirePlayer({ context: { queryClient }, location })).resolves.toBeUndefined()
  })

  it('sends a logged-in player from the landing and public pages to the player home', async () => {
    loggedIn()
    const error = await thrown(
      redirectPlayerHome({ context: { queryClient: createTestQueryClient() }, location: noSearch }),
    )
    expect(isRedirect(error)).toBe(true)
    expect(error).toMatchObject({
      options: {
        to: '/player/game/$provider',
        params: { provider: 'askmebet' },
        search: { tab: 'Slot' },
      },
    })
    expect(error).toMatchObject({ options: PLAYER_HOME })
    // The router's redirect() writes its status code into the options it is given: the
    // shared link must come out as it went in (the menus and the bottom bar spread it).
    expect(PLAYER_HOME).toEqual({
      to: '/player/game/$provider',
      params: { provider: 'askmebet' },
      search: { tab: 'Slot' },
    })
  })

  it('leaves a visitor on the landing and public pages', async () => {
    loggedOut()
    await expect(
      redirectPlayerHome({ context: { queryClient: createTestQueryClient() }, location: noSearch }),
    ).resolves.toBeUndefined()
  })

  it("sends a logged-in player on from /login to the page /login's ?redirect= names", async () => {
    loggedIn()
    const context = { queryClient: createTestQueryClient() }
    const back = await thrown(
      redirectPlayerHome({ context, location: { search: { redirect: '/player/deposit?x=1' } } }),
    )
    expect(back).toMatchObject({ options: { href: '/player/deposit?x=1' } })
    // Another origin is never a destination: home instead.
    const offSite = await thrown(
      redirectPlayerHome({ context, location: { search: { redirect: '//evil.test/x' } } }),
    )
    expect(offSite).toMatchObject({ options: PLAYER_HOME })
  })

  it('keeps a player whose session check failed (a 503) where they are, with the error', async () => {
    mockApi(
      http.get('/v2/players/info', ({ response }) =>
        response(500).json(example('getPlayerInfo', 500)),
      ),
    )
    const queryClient = createTestQueryClient()
    const error = await thrown(requirePlayer({ context: { queryClient }, location }))
    expect(isRedirect(error)).toBe(false)
    expect(error).toMatchObject({ status: 500 })
    // A visitor page works without a session: it stays.
    await expect(
      redirectPlayerHome({ context: { queryClient }, location: noSearch }),
    ).resolves.toBeUndefined()
  })
})
