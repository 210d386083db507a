import { m } from '~generated/paraglide/messages'
import { AccountMenu } from '~/features/account/account-menu'
import { bankMenuEntry } from '~/features/bank/menu'
import { depositMenu } from '~/features/deposit/menu'
import { gamesMenuEntry } from '~/features/games/menu'
import { RefreshButton } from '~/features/games/refresh-button'
import type { ShellSlots } from '~/features/layout/app-shell'
import { promotionMenu } from '~/features/promotions/menu'
import { withdrawMenu } from '~/features/withdraw/menu'
import type { MenuEntry, MenuGroup } from '~/ui/menu-entry'

const historyEntries = [
  depositMenu.history,
  withdrawMenu.history,
  promotionMenu.history,
] as const satisfies readonly MenuEntry[]

/**
 * The signed-in player's drawer (spec section 3): two groups separated by a divider, each
 * entry from its feature's `menu.ts`. A group entry's own link is its first child's, so the
 * entry shape stays the spec's; the drawer shows a group as a labelled list of its children.
 */
export const PLAYER_MENU: readonly MenuGroup[] = [
  [gamesMenuEntry, depositMenu.page, withdrawMenu.page, promotionMenu.page],
  [
    bankMenuEntry,
    {
      id: 'history',
      text: m.nav_history,
      link: historyEntries[0].link,
      icon: 'history',
      children: historyEntries,
    },
  ],
]

/** The player's actions in the header. Spec section 4: the refresh action, on every player page. */
function PlayerActions() {
  return (
    <>
      <RefreshButton />
      <AccountMenu />
    </>
  )
}

/**
 * What each feature adds to the shell, in one list: a feature adds its part here, and the
 * shell (features/layout) never imports it. Made in the layout's render, never once at module
 * load: an element made once is never drawn again by the layout's re-render (a language switch
 * left the account menu's words in the previous language).
 */
export const layoutSlots = (): ShellSlots => ({
  playerActions: <PlayerActions />,
  playerMenu: PLAYER_MENU,
})
