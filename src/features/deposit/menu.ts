import { m } from '~generated/paraglide/messages'
import { links } from '~/lib/navigation'
import type { MenuEntry } from '~/ui/menu-entry'

/** The drawer's entries of this feature: the deposit page, and its history. */
export const depositMenu = {
  page: { id: 'deposit', text: m.nav_deposit, link: links.deposit, icon: 'deposit' },
  history: {
    id: 'deposit-history',
    text: m.nav_deposit_history,
    link: links.depositHistory,
    icon: 'history',
  },
} as const satisfies Record<string, MenuEntry>
