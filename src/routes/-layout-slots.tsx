import { AccountMenu } from '~/features/account/account-menu'
import { RefreshButton } from '~/features/games/refresh-button'
import type { ShellSlots } from '~/features/layout/app-shell'

/**
 * What each feature adds to the shell, in one list: a feature adds its part here, and the
 * shell (features/layout) never imports it. The player's drawer menu is the spec's
 * (features/layout/menu-entries.ts) unless `playerMenu` is given.
 */
export const layoutSlots: ShellSlots = {
  playerActions: (
    <>
      {/* Spec section 4: the refresh action, on every player page. */}
      <RefreshButton />
      <AccountMenu />
    </>
  ),
}
