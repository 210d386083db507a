import { Suspense, useState } from 'react'
import { lazyRetry } from '~/ui/lazy-retry'
import { useLogout, useSession } from '~/lib/session'
import { UserMenu } from './user-menu'

// The dialog (its form, validation schemas) is not needed for the first screen: fetched
// when the player first asks for it.
const ChangePasswordDialog = lazyRetry(
  async () => (await import('./change-password-dialog')).ChangePasswordDialog,
)

/**
 * The account's part of the header: the user menu with Change password and Logout, and the
 * dialog it opens. The dialog stays mounted once opened and is not tied to the session: a
 * successful change ends the session while its success step is still open.
 */
export function AccountMenu() {
  const session = useSession()
  const { logout, isPending: isLoggingOut } = useLogout()
  const [passwordOpen, setPasswordOpen] = useState(false)
  const [passwordRequested, setPasswordRequested] = useState(false)
  return (
    <>
      {session.status === 'loggedIn' && (
        <UserMenu
          displayName={session.displayName}
          onChangePassword={() => {
            setPasswordRequested(true)
            setPasswordOpen(true)
          }}
          onLogout={logout}
          isLoggingOut={isLoggingOut}
        />
      )}
      {passwordRequested && (
        <Suspense fallback={null}>
          <ChangePasswordDialog isOpen={passwordOpen} onOpenChange={setPasswordOpen} />
        </Suspense>
      )}
    </>
  )
}
