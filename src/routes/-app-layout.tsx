import { useSuspenseQuery } from '@tanstack/react-query'
import { Outlet, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { I18nProvider } from 'react-aria-components'
import { m } from '~generated/paraglide/messages'
import { agencyInfoQueryOptions } from '~/features/agency/agency-queries'
import { useDocumentMeta } from '~/features/agency/document-meta'
import { AppFooter } from '~/features/layout/app-footer'
import { AppHeader } from '~/features/layout/app-header'
import { BottomBar } from '~/features/layout/bottom-bar'
import { contactLinks } from '~/features/layout/contact-links'
import { ContactDrawer, ContactMenu } from '~/features/layout/contact-menu'
import { OfflineBanner } from '~/features/layout/offline-banner'
import { ScrollToTop } from '~/features/layout/scroll-to-top'
import type { SessionView } from '~/features/layout/session-view'
import { SideDrawer } from '~/features/layout/side-drawer'
import { UserMenu } from '~/features/layout/user-menu'
import { useFingerprintOncePerDay } from '~/features/account/fingerprint'
import { useSession } from '~/features/session/session'
import { useLogout } from '~/features/session/use-logout'
import { toBcp47, useLocale } from '~/lib/locale'
import { Toasts } from '~/ui/toast'

// The dialog (its form, validation schemas) is not needed for the first screen: fetched
// when the player first asks for it.
const ChangePasswordDialog = lazy(async () => ({
  default: (await import('~/features/account/change-password-dialog')).ChangePasswordDialog,
}))

/**
 * The root layout: composes the layout feature with the session (header actions, drawer
 * menu) and the account feature (change-password dialog). Features never import each
 * other; this route-private file is where they meet.
 */
export function AppLayout() {
  const locale = useLocale()
  const { data: agency } = useSuspenseQuery(agencyInfoQueryOptions())
  useFingerprintOncePerDay(agency.id)
  useDocumentMeta(agency.name)
  const { status, player } = useSession()
  const { logout, isPending: isLoggingOut } = useLogout()
  const currentPath = useRouterState({ select: (state) => state.location.pathname })
  const [menuOpen, setMenuOpen] = useState(false)
  const [contactOpen, setContactOpen] = useState(false)
  const [passwordOpen, setPasswordOpen] = useState(false)
  // Stays mounted once opened: the dialog's own success step outlives its form.
  const [passwordRequested, setPasswordRequested] = useState(false)

  const session: SessionView =
    status === 'loggedIn' ? { status, displayName: player?.displayName ?? '' } : { status }
  const links = contactLinks(agency.social)
  const openContact = () => setContactOpen(true)

  return (
    // react-aria formats and announces in the page's language too.
    <I18nProvider locale={toBcp47(locale)}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-accent focus:px-4 focus:py-3 focus:text-surface"
      >
        {m.a11y_skip_to_content()}
      </a>
      <div className="flex min-h-dvh flex-col">
        <AppHeader
          agencyName={agency.name}
          logoUrl={agency.logoUrl}
          session={session}
          onOpenMenu={() => setMenuOpen(true)}
          notice={<OfflineBanner />}
          contact={<ContactMenu links={links} onOpenDrawer={openContact} />}
          userMenu={
            session.status === 'loggedIn' && (
              <UserMenu
                displayName={session.displayName}
                onChangePassword={() => {
                  setPasswordRequested(true)
                  setPasswordOpen(true)
                }}
                onLogout={logout}
                isLoggingOut={isLoggingOut}
              />
            )
          }
        />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <Outlet />
        </main>
        <AppFooter agencyName={agency.name} year={new Date().getFullYear()}>
          <ScrollToTop />
        </AppFooter>
      </div>
      <BottomBar currentPath={currentPath} onContact={openContact} />
      <SideDrawer
        isOpen={menuOpen}
        onOpenChange={setMenuOpen}
        session={session}
        currentPath={currentPath}
        logoUrl={agency.logoUrl}
      />
      <ContactDrawer links={links} isOpen={contactOpen} onOpenChange={setContactOpen} />
      {/* Not tied to the session: a successful change ends it while the success step is open. */}
      {passwordRequested && (
        <Suspense fallback={null}>
          <ChangePasswordDialog isOpen={passwordOpen} onOpenChange={setPasswordOpen} />
        </Suspense>
      )}
      <Toasts closeLabel={m.layout_close()} />
    </I18nProvider>
  )
}
