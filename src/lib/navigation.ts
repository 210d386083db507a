// Every place a player can be sent, as typed links (TanStack Router's `linkOptions`): the
// menus, the bottom bar, the header, the guards, the post-login and the 401 redirects all
// take their destinations from here, so a route that moves breaks the type check here.
import { linkOptions } from '@tanstack/react-router'
import { DEFAULT_GAME_TAB, type Provider } from './game-catalogue'

/** A provider's page (`?tab=` left out: the page opens the provider's first tab). */
export function providerLink(provider: Provider) {
  return linkOptions({ to: '/player/game/$provider', params: { provider } })
}

/** The player home (spec: the menus open askmebet on the Slot tab): defined here only. */
export const PLAYER_HOME = linkOptions({
  ...providerLink('askmebet'),
  search: { tab: DEFAULT_GAME_TAB },
})

export const links = {
  home: linkOptions({ to: '/' }),
  login: linkOptions({ to: '/login' }),
  register: linkOptions({ to: '/register' }),
  about: linkOptions({ to: '/about' }),
  service: linkOptions({ to: '/service' }),
  howToPlay: linkOptions({ to: '/how-to-play' }),
  deposit: linkOptions({ to: '/player/deposit' }),
  depositHistory: linkOptions({ to: '/player/deposit/history' }),
  withdraw: linkOptions({ to: '/player/withdraw' }),
  withdrawHistory: linkOptions({ to: '/player/withdraw/history' }),
  promotion: linkOptions({ to: '/player/promotion' }),
  promotionHistory: linkOptions({ to: '/player/promotion/history' }),
  bank: linkOptions({ to: '/player/bank' }),
  alphabet: providerLink('alphabet'),
  askmebet: PLAYER_HOME,
  gclub: providerLink('gclub'),
  gclubLive: providerLink('gclub_live'),
} as const

/** One promotion's page (spec section 2: the list is prefetched and this one selected). */
export function promotionLink(promotionId: string) {
  return linkOptions({ to: '/player/promotion/$promotionId', params: { promotionId } })
}

/** A page of the promotion list; page 1 keeps the URL bare. */
export function promotionListLink(page: number) {
  return linkOptions({ to: '/player/promotion', search: { page: page > 1 ? page : undefined } })
}

/** A page of the promotion history; page 1 keeps the URL bare. */
export function promotionHistoryLink(page: number) {
  return linkOptions({
    to: '/player/promotion/history',
    search: { page: page > 1 ? page : undefined },
  })
}

/**
 * The one safe-redirect check: accepts only a same-origin path as a destination (an open
 * redirect otherwise: `//evil.test`, `/\evil.test`, `https://evil.test` are all refused).
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined
  if (value.startsWith('//') || value.startsWith('/\\')) return undefined
  try {
    const base = 'http://same-origin.invalid'
    const url = new URL(value, base)
    if (url.origin !== base) return undefined
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return undefined
  }
}

/**
 * The one way to /login: the login page, coming back to `back` (a same-origin path) after
 * the player logged in. Guards throw it as a `redirect`, the 401 handler navigates to it.
 */
export function loginLink(back?: string) {
  return linkOptions({ to: '/login', search: { redirect: safeRedirect(back) } })
}
