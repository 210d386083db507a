// The build's record of each page's first calls (src/record-first-calls.ts): the app's own
// router and loaders, run without rendering, nothing answered.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act } from '@testing-library/react'
import { changeLocale, getLocale } from '~/lib/locale'
import { LOCALE_PLACEHOLDER, recordFirstCalls } from '~/record-first-calls'

describe('recordFirstCalls', () => {
  let fetch: typeof globalThis.fetch
  beforeEach(() => void (fetch = globalThis.fetch))
  afterEach(() => expect(globalThis.fetch).toBe(fetch))

  it("records a page's calls in the order its loaders start them, every matched route's", async () => {
    const { '/player/deposit': deposit } = await recordFirstCalls(['/player/deposit'])
    // The root's and the player group's first, then the page's: the account card's two first.
    expect(deposit?.slice(0, 4)).toEqual([
      '/api/v2/agency/info',
      '/api/v2/players/info',
      '/api/v2/banks',
      '/api/v2/players/bank-accounts',
    ])
    // The credits a task later, each provider's.
    expect(deposit?.slice(-4)).toEqual(
      ['alphabet', 'askmebet', 'gclub', 'gclub_live'].map((p) => `/api/v2/players/credits/${p}`),
    )
    expect(new Set(deposit).size).toBe(deposit?.length)
  })

  it("writes the player's language as the placeholder, and leaves the language as it was", async () => {
    const before = getLocale()
    const record = await recordFirstCalls(['/player/game/alphabet', '/player/game/gclub'])
    expect(record['/player/game/alphabet']).toContain(
      `/api/v2/games/alphabet?locale=${LOCALE_PLACEHOLDER}`,
    )
    expect(record['/player/game/gclub']).toContain('/api/v2/games?provider=gclub')
    expect(getLocale()).toBe(before)
  })

  it("records nothing for a page whose calls depend on the address's search or that sends its player elsewhere", async () => {
    const record = await recordFirstCalls(['/player/deposit/history', '/player', '/login'])
    expect(record['/player/deposit/history']).toBeUndefined()
    expect(record['/player']).toBeUndefined()
    // The session check of its beforeLoad, the agency of the root's loader.
    expect(record['/login']?.sort()).toEqual(['/api/v2/agency/info', '/api/v2/players/info'])
  })

  it('leaves nothing behind: a later language switch asks for nothing', async () => {
    await recordFirstCalls(['/player/game/alphabet'])
    const asked: string[] = []
    const fetch = globalThis.fetch
    globalThis.fetch = (input) => {
      asked.push(input instanceof Request ? input.url : String(input))
      return new Promise(() => {})
    }
    try {
      await act(async () => {
        changeLocale('th')
        await new Promise((resolve) => setTimeout(resolve, 100))
      })
      expect(getLocale()).toBe('th')
      expect(asked).toEqual([])
    } finally {
      globalThis.fetch = fetch
      await act(() => changeLocale('lo'))
    }
  })
})
