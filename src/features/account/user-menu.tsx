import type { Key } from 'react-aria-components'
import { Button } from 'react-aria-components'
import { m } from '~generated/paraglide/messages'
import { Icon } from '~/ui/icon'
import { LazyMenu } from '~/widgets/lazy-menu'
import { Spinner } from '~/ui/spinner'
import { useOnlineStatus } from '~/lib/online'

type UserMenuProps = {
  displayName: string
  onChangePassword: () => void
  onLogout: () => void
  isLoggingOut: boolean
}

/** The signed-in player's menu: their display name, Change password and Logout. */
export function UserMenu({ displayName, onChangePassword, onLogout, isLoggingOut }: UserMenuProps) {
  // Offline the logout request waits for the network (the banner says so): no endless spinner.
  const online = useOnlineStatus()
  const busy = isLoggingOut && online
  const onAction = (key: Key) => {
    if (key === 'change-password') onChangePassword()
    if (key === 'logout') onLogout()
  }
  return (
    <LazyMenu
      onAction={onAction}
      options={[
        {
          id: 'change-password',
          textValue: m.account_change_password(),
          children: (
            <>
              <Icon name="key" />
              <span>{m.account_change_password()}</span>
            </>
          ),
        },
        {
          id: 'logout',
          textValue: m.account_logout(),
          children: (
            <>
              <Icon name="logout" />
              <span>{m.account_logout()}</span>
            </>
          ),
        },
      ]}
    >
      <Button
        isPending={busy}
        className="inline-flex min-h-11 min-w-11 max-w-40 cursor-pointer items-center gap-2 rounded-lg border border-line bg-surface-raised px-2 text-sm text-ink hover:bg-surface-overlay focus-visible:outline-3 focus-visible:outline-accent pending:cursor-wait bar:max-w-56 bar:px-3"
      >
        {busy ? <Spinner /> : <Icon name="user" />}
        {/* Screen readers hear what the button is for; the visible name stays in its name. */}
        <span className="sr-only">{m.nav_account()}</span>{' '}
        <span className="truncate">{displayName}</span>
        <Icon name="chevronDown" className="size-4" />
      </Button>
    </LazyMenu>
  )
}
