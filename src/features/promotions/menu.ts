import { m } from '~generated/paraglide/messages'
import { links } from '~/lib/navigation'
import type { MenuEntry } from '~/ui/menu-entry'

/** The drawer's entries of this feature: the promotions page, and the usage history. */
export const promotionMenu = {
  page: { id: 'promotion', text: m.nav_promotion, link: links.promotion, icon: 'gift' },
  history: {
    id: 'promotion-history',
    text: m.nav_promotion_history,
    link: links.promotionHistory,
    icon: 'history',
  },
} as const satisfies Record<string, MenuEntry>
