import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Button } from 'react-aria-components'
import { m } from '~generated/paraglide/messages'
import { links } from '~/lib/navigation'
import type { Session } from '~/lib/session'
import { buttonStyles } from '~/ui/button'
import { Icon } from '~/ui/icon'
import { Logo } from '~/ui/logo'
import { LanguageMenu } from './language-menu'

type AppHeaderProps = {
  /** Both undefined until agency info arrives: the logo and the name hold their place. */
  agencyName: string | undefined
  logoUrl: string | undefined
  session: Session
  onOpenMenu: () => void
  /** The contact control (dropdown or drawer trigger). */
  contact: ReactNode
  /** The signed-in player's controls (a slot the app fills); shown only when logged in. */
  playerActions: ReactNode
  /** Shown above the bar (e.g. the offline banner), inside the banner landmark. */
  notice?: ReactNode
}

/** Top navbar (spec section 2). While the session is undetermined no player actions are shown. */
export function AppHeader({
  agencyName,
  logoUrl,
  session,
  onOpenMenu,
  contact,
  playerActions,
  notice,
}: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface">
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
          {...links.home}
          aria-label={
            agencyName === undefined ? m.nav_home() : m.nav_home_link({ name: agencyName })
          }
          className="flex min-h-10 shrink-0 items-center gap-2 rounded-lg focus-visible:outline-3 focus-visible:outline-accent bar:min-h-11 bar:px-1"
        >
          {agencyName === undefined ? (
            // The placeholder index.html's shell draws too: same size, same place.
            <span className="size-8 rounded-lg bg-surface-overlay bar:size-9" />
          ) : (
            <>
              <Logo src={logoUrl} alt="" className="size-8 bar:size-9" />
              <span className="hidden max-w-48 truncate font-semibold footer:inline">
                {agencyName}
              </span>
            </>
          )}
        </Link>
        <div className="ml-auto flex min-w-0 items-center gap-1 bar:gap-2">
          {contact}
          <LanguageMenu />
          {session.status === 'loggedIn' && (
            <>
              {/* Spec: hidden on small screens, where the bottom bar has Deposit. */}
              <div className="hidden bar:block">
                <Link {...links.deposit} className={buttonStyles()}>
                  <Icon name="deposit" />
                  {m.nav_deposit()}
                </Link>
              </div>
              {playerActions}
            </>
          )}
          {session.status !== 'loggedIn' && (
            // While the session is undetermined the visitor's links hold their place unseen
            // (and out of reach): most first loads are visitors', and the header then does
            // not move when the answer comes (CLS).
            <div
              className={`flex items-center gap-1 bar:gap-2 ${session.status === 'undetermined' ? 'invisible' : ''}`}
              aria-hidden={session.status === 'undetermined' || undefined}
              inert={session.status === 'undetermined'}
            >
              <Link
                {...links.login}
                className={buttonStyles({ variant: 'secondary', size: 'compact' })}
              >
                {m.nav_login()}
              </Link>
              <Link {...links.register} className={buttonStyles({ size: 'compact' })}>
                {m.nav_register()}
              </Link>
            </div>
          )}
        </div>
      </div>
    </header>
  )
}
