import { byPath, createTestQueryClient, jsonResponse, stubFetch } from '../helpers/render'
import { isRedirect, type ParsedLocation } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { PLAYER_HOME } from '~/lib/navigation'
import { redirectPlayerHome, refreshPlayerInfo, requirePlayer, resolveSession } from '~/lib/session'
import { exampleOf } from '../contract/spec'

const playerInfo = exampleOf('getPlayerInfo', '200')
const unauthorized = exampleOf('getPlayerInfo', '401')
const location = { href: '/player/bank?x=1' } as ParsedLocation

const loggedIn = () => stubFetch(byPath({ '/v2/players/info': () => jsonResponse(playerInfo) }))
const loggedOut = () =>
  stubFetch(byPath({ '/v2/players/info': () => jsonResponse(unauthorized, 401) }))

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
    stubFetch(
      byPath({
        '/v2/players/info': () =>
          session ? jsonResponse(playerInfo) : jsonResponse(unauthorized, 401),
      }),
    )
    const queryClient = createTestQueryClient()
    expect(await resolveSession(queryClient)).toBe('loggedOut')
    session = true
    await refreshPlayerInfo(queryClient)
    expect(await resolveSession(queryClient)).toBe('loggedIn')
  })

  it('asks again after a failure that says nothing about the session', async () => {
    let calls = 0
    stubFetch(
      byPath({
        '/v2/players/info': () =>
          ++calls === 1
            ? jsonResponse({ code: 'INTERNAL_ERROR', message: 'down' }, 500)
            : jsonResponse(playerInfo),
      }),
    )
    const queryClient = createTestQueryClient()
    expect(await resolveSession(queryClient)).toBe('loggedOut')
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

  it('lets a logged-in player through', async () => {
    loggedIn()
    const queryClient = createTestQueryClient()
    await expect(requirePlayer({ context: { queryClient }, location })).resolves.toBeUndefined()
  })

  it('sends a logged-in player from the landing and public pages to the player home', async () => {
    loggedIn()
    const error = await thrown(
      redirectPlayerHome({ context: { queryClient: createTestQueryClient() } }),
    )
    expect(isRedirect(error)).toBe(true)
    expect(error).toMatchObject({
      options: { to: '/player/game/askmebet', search: { tab: 'Slot' } },
    })
    expect(error).toMatchObject({ options: PLAYER_HOME })
  })

  it('leaves a visitor on the landing and public pages', async () => {
    loggedOut()
    await expect(
      redirectPlayerHome({ context: { queryClient: createTestQueryClient() } }),
    ).resolves.toBeUndefined()
  })
})
