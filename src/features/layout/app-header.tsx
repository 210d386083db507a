import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Button } from 'react-aria-components'
import { m } from '~generated/paraglide/messages'
import { buttonClassName } from '~/ui/button'
import { Icon } from '~/ui/icon'
import { Logo } from '~/ui/logo'
import { LanguageMenu } from './language-menu'
import type { SessionView } from './session-view'

type AppHeaderProps = {
  agencyName: string
  logoUrl: string
  session: SessionView
  onOpenMenu: () => void
  /** The contact control (dropdown or drawer trigger). */
  contact: ReactNode
  /** The signed-in player's menu; shown only when logged in. */
  userMenu: ReactNode
  /** Shown above the bar (e.g. the offline banner), inside the banner landmark. */
  notice?: ReactNode
}

/** Top navbar (spec section 2). While the session is undetermined no actions are shown. */
export function AppHeader({
  agencyName,
  logoUrl,
  session,
  onOpenMenu,
  contact,
  userMenu,
  notice,
}: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
      {notice}
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-2 bar:gap-2 bar:px-4">
        <Button
          aria-label={m.nav_open_menu()}
          onPress={onOpenMenu}
          className="grid size-10 shrink-0 cursor-pointer place-items-center rounded-lg text-ink hover:bg-surface-overlay focus-visible:outline-3 focus-visible:outline-accent bar:size-11"
        >
          <Icon name="menu" className="size-6" />
        </Button>
        <Link
          to="/"
          aria-label={m.nav_home_link({ name: agencyName })}
          className="flex min-h-10 shrink-0 items-center gap-2 rounded-lg focus-visible:outline-3 focus-visible:outline-accent bar:min-h-11 bar:px-1"
        >
          <Logo src={logoUrl} alt="" className="size-8 bar:size-9" />
          <span className="hidden max-w-48 truncate font-semibold footer:inline">{agencyName}</span>
        </Link>
        <div className="ml-auto flex min-w-0 items-center gap-1 bar:gap-2">
          {contact}
          <LanguageMenu />
          {session.status === 'loggedIn' && (
            <>
              {/* Spec: hidden on small screens, where the bottom bar has Deposit. */}
              <div className="hidden bar:block">
                <Link to="/player/deposit" className={buttonClassName('primary')}>
                  <Icon name="deposit" />
                  {m.nav_deposit()}
                </Link>
              </div>
              {userMenu}
            </>
          )}
          {session.status === 'loggedOut' && (
            <>
              <Link to="/login" className={buttonClassName('secondary', '', 'compact')}>
                {m.nav_login()}
              </Link>
              <Link to="/register" className={buttonClassName('primary', '', 'compact')}>
                {m.nav_register()}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  )
}
