import { m } from '~generated/paraglide/messages'
import { links } from '~/lib/navigation'
import type { MenuGroup } from '~/ui/menu-entry'

/**
 * The visitor's menu. The signed-in player's groups come from the features (each exports its
 * entries from its own `menu.ts`), composed in spec order by src/routes/-layout-slots.tsx.
 */
export const VISITOR_MENU: readonly MenuGroup[] = [
  [
    { id: 'login', text: m.nav_login, link: links.login, icon: 'login' },
    { id: 'register', text: m.nav_register, link: links.register, icon: 'register' },
  ],
]
