import { m } from '~generated/paraglide/messages'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'
import type { IconName } from '~/ui/icon'

/** One entry of the side drawer (spec section 3: text, link, icon, optional children). */
export type MenuEntry = {
  /** Stable id: React key and test handle. */
  id: string
  /** Called at render time, so a language switch shows at once. */
  text: () => string
  /** A same-origin path, possibly with a query: `/player/game/askmebet?tab=Slot`. */
  link: string
  icon: IconName
  children?: readonly MenuEntry[]
}

/** The path part of a link or location: no query, no hash, no trailing slash. */
export function pathOf(link: string): string {
  const path = link.split(/[?#]/, 1)[0] ?? ''
  return path.length > 1 ? path.replace(/\/+$/, '') : path || '/'
}

/** The query of a link as a plain object (`?tab=Slot` -> `{ tab: 'Slot' }`). */
export function searchOf(link: string): Record<string, string> {
  const query = link.includes('?') ? link.slice(link.indexOf('?') + 1).split('#', 1)[0] : ''
  return Object.fromEntries(new URLSearchParams(query))
}

/**
 * Spec: an entry is active when the current path, ignoring the query, equals its link or
 * one of its children's links. `/player/deposit` is therefore NOT active on
 * `/player/deposit/history` (equality, not prefix), so one page never lights two entries.
 */
export function isEntryActive(entry: MenuEntry, currentPath: string): boolean {
  const path = pathOf(currentPath)
  if (pathOf(entry.link) === path) return true
  return (entry.children ?? []).some((child) => isEntryActive(child, path))
}

const game = (provider: keyof typeof PROVIDER_NAMES, link: string): MenuEntry => ({
  id: `game-${provider}`,
  text: () => PROVIDER_NAMES[provider],
  link,
  icon: 'game',
})

/** Where the centre home button and the askmebet menu entry go (spec: tab=Slot). */
export const PLAYER_HOME_LINK = '/player/game/askmebet?tab=Slot'

const gameEntries = [
  game('alphabet', '/player/game/alphabet'),
  game('askmebet', PLAYER_HOME_LINK),
  game('gclub', '/player/game/gclub'),
  game('gclub_live', '/player/game/gclub_live'),
] as const satisfies readonly MenuEntry[]

const historyEntries = [
  {
    id: 'deposit-history',
    text: m.nav_deposit_history,
    link: '/player/deposit/history',
    icon: 'history',
  },
  {
    id: 'withdraw-history',
    text: m.nav_withdraw_history,
    link: '/player/withdraw/history',
    icon: 'history',
  },
  {
    id: 'promotion-history',
    text: m.nav_promotion_history,
    link: '/player/promotion/history',
    icon: 'history',
  },
] as const satisfies readonly MenuEntry[]

/**
 * The signed-in player's menu: two groups separated by a divider. A group entry's own link
 * is its first child's, so the entry shape stays the spec's; the drawer shows a group as a
 * labelled list of its children.
 */
export const PLAYER_MENU: readonly (readonly MenuEntry[])[] = [
  [
    {
      id: 'games',
      text: m.nav_games,
      link: gameEntries[0].link,
      icon: 'game',
      children: gameEntries,
    },
    { id: 'deposit', text: m.nav_deposit, link: '/player/deposit', icon: 'deposit' },
    { id: 'withdraw', text: m.nav_withdraw, link: '/player/withdraw', icon: 'withdraw' },
    { id: 'promotion', text: m.nav_promotion, link: '/player/promotion', icon: 'gift' },
  ],
  [
    { id: 'bank', text: m.nav_bank_account, link: '/player/bank', icon: 'bank' },
    {
      id: 'history',
      text: m.nav_history,
      link: historyEntries[0].link,
      icon: 'history',
      children: historyEntries,
    },
  ],
]

export const VISITOR_MENU: readonly (readonly MenuEntry[])[] = [
  [
    { id: 'login', text: m.nav_login, link: '/login', icon: 'login' },
    { id: 'register', text: m.nav_register, link: '/register', icon: 'register' },
  ],
]
