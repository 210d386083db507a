import { describe, expect, it } from 'vitest'
import { loginLink, PLAYER_HOME, safeRedirect } from '~/lib/navigation'

describe('safeRedirect', () => {
  it.each([
    ['/player/bank', '/player/bank'],
    ['/player/game/askmebet?tab=Slot', '/player/game/askmebet?tab=Slot'],
    ['/player/promotion/pr_daily10#terms', '/player/promotion/pr_daily10#terms'],
    ['/player/../player/bank', '/player/bank'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected)
  })

  it.each([
    ['an absolute URL', 'https://evil.test/player'],
    ['a protocol-relative URL', '//evil.test/player'],
    ['a backslash trick', '/\\evil.test'],
    ['a tab inside the slashes', '/\t/evil.test'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'player/bank'],
    ['an empty string', ''],
    ['a number', 42],
    ['undefined', undefined],
  ])('refuses %s', (_name, value) => {
    expect(safeRedirect(value)).toBeUndefined()
  })
})

describe('typed links', () => {
  it('defines the player home once: askmebet on the Slot tab', () => {
    expect(PLAYER_HOME).toEqual({
      to: '/player/game/$provider',
      params: { provider: 'askmebet' },
      search: { tab: 'Slot' },
    })
  })

  it('sends to /login with a way back, only when that way back is same-origin', () => {
    expect(loginLink('/player/bank?x=1')).toEqual({
      to: '/login',
      search: { redirect: '/player/bank?x=1' },
    })
    expect(loginLink('https://evil.test/')).toEqual({
      to: '/login',
      search: { redirect: undefined },
    })
  })
})
