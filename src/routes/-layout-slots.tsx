import { AccountMenu } from '~/features/account/account-menu'
import type { ShellSlots } from '~/features/layout/app-shell'

/**
 * What each feature adds to the shell, in one list: a feature adds its part here, and the
 * shell (features/layout) never imports it. The player's drawer menu is the spec's
 * (features/layout/menu-entries.ts) unless `playerMenu` is given.
 */
export const layoutSlots: ShellSlots = {
  playerActions: <AccountMenu />,
}
