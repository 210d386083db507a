import { m } from '~generated/paraglide/messages'
import { links } from '~/lib/navigation'
import type { MenuEntry } from '~/ui/menu-entry'

/** The drawer's entry of this feature: the bank account page. */
export const bankMenuEntry: MenuEntry = {
  id: 'bank',
  text: m.nav_bank_account,
  link: links.bank,
  icon: 'bank',
}
