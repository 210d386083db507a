import { m } from '~generated/paraglide/messages'
import { links } from '~/lib/navigation'
import type { MenuEntry } from '~/ui/menu-entry'

/** The drawer's entries of this feature: the withdraw page, and its history. */
export const withdrawMenu = {
  page: { id: 'withdraw', text: m.nav_withdraw, link: links.withdraw, icon: 'withdraw' },
  history: {
    id: 'withdraw-history',
    text: m.nav_withdraw_history,
    link: links.withdrawHistory,
    icon: 'history',
  },
} as const satisfies Record<string, MenuEntry>
