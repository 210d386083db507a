import type { LinkOptions } from '@tanstack/react-router'
import { m } from '~generated/paraglide/messages'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'
import { links } from '~/lib/navigation'
import type { IconName } from '~/ui/icon'

/** One entry of the side drawer (spec section 3: text, link, icon, optional children). */
export type MenuEntry = {
  /** Stable id: React key and test handle. */
  id: string
  /** Called at render time, so a language switch shows at once. */
  text: () => string
  /** A typed link from ~/lib/navigation. */
  link: LinkOptions
  icon: IconName
  children?: readonly MenuEntry[]
}

/** A group of entries; groups are separated by a divider. */
export type MenuGroup = readonly MenuEntry[]

const game = (provider: keyof typeof PROVIDER_NAMES, link: LinkOptions): MenuEntry => ({
  id: `game-${provider}`,
  text: () => PROVIDER_NAMES[provider],
  link,
  icon: 'game',
})

const gameEntries = [
  game('alphabet', links.alphabet),
  game('askmebet', links.askmebet),
  game('gclub', links.gclub),
  game('gclub_live', links.gclubLive),
] as const satisfies readonly MenuEntry[]

const historyEntries = [
  {
    id: 'deposit-history',
    text: m.nav_deposit_history,
    link: links.depositHistory,
    icon: 'history',
  },
  {
    id: 'withdraw-history',
    text: m.nav_withdraw_history,
    link: links.withdrawHistory,
    icon: 'history',
  },
  {
    id: 'promotion-history',
    text: m.nav_promotion_history,
    link: links.promotionHistory,
    icon: 'history',
  },
] as const satisfies readonly MenuEntry[]

/**
 * The signed-in player's menu: two groups separated by a divider. A group entry's own link
 * is its first child's, so the entry shape stays the spec's; the drawer shows a group as a
 * labelled list of its children.
 */
export const PLAYER_MENU: readonly MenuGroup[] = [
  [
    {
      id: 'games',
      text: m.nav_games,
      link: gameEntries[0].link,
      icon: 'game',
      children: gameEntries,
    },
    { id: 'deposit', text: m.nav_deposit, link: links.deposit, icon: 'deposit' },
    { id: 'withdraw', text: m.nav_withdraw, link: links.withdraw, icon: 'withdraw' },
    { id: 'promotion', text: m.nav_promotion, link: links.promotion, icon: 'gift' },
  ],
  [
    { id: 'bank', text: m.nav_bank_account, link: links.bank, icon: 'bank' },
    {
      id: 'history',
      text: m.nav_history,
      link: historyEntries[0].link,
      icon: 'history',
      children: historyEntries,
    },
  ],
]

export const VISITOR_MENU: readonly MenuGroup[] = [
  [
    { id: 'login', text: m.nav_login, link: links.login, icon: 'login' },
    { id: 'register', text: m.nav_register, link: links.register, icon: 'register' },
  ],
]
