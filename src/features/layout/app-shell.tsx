import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { createAtom, useSelector, type Atom } from '@tanstack/react-store'
import { I18nProvider } from 'react-aria-components'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { toBcp47, useLocale } from '~/lib/locale'
import { whenNoFetches } from '~/lib/query-client'
import type { Session } from '~/lib/session'
import type { MenuGroup } from '~/ui/menu-entry'
import { afterNextPaint, markIdleWork, whenIdle, whenSettled } from '~/lib/idle'
import { agencyTimeZoneName, dateFormatIn, prepareDateFormatting } from '~/domain/format'
import { warmUpIntl } from '~/lib/intl-warm-up'
import { LazyOverlay, lazyOverlay, preloadOverlays } from '~/ui/lazy-overlay'
import { toastQueue } from '~/ui/toast'
import { useAppUpdates } from './app-updates'
import { AppFooter } from './app-footer'
import { AppHeader } from './app-header'
import { BottomBar } from './bottom-bar'
import { contactLinks } from './contact-links'
import { ContactMenu } from './contact-menu'
import { OfflineBanner } from './offline-banner'
import { ScrollToTop } from './scroll-to-top'

// The drawers and the toast region mount on first use, their code fetched once the page has
// settled (src/ui/lazy-overlay.tsx).
const SideDrawer = lazyOverlay(async () => (await import('./side-drawer')).SideDrawer)
const ContactDrawer = lazyOverlay(async () => (await import('./contact-drawer')).ContactDrawer)
const Toasts = lazyOverlay(async () => (await import('~/ui/toast-region')).Toasts)

type Agency = components['schemas']['Agency']

/**
 * What other features put into the shell. The shell renders them where they belong and never
 * imports those features: the app composes them (src/routes/-layout-slots.tsx).
 */
export type ShellSlots = {
  /** The signed-in player's controls in the header (user menu, ...). */
  playerActions?: ReactNode
  /** The signed-in player's drawer groups (each feature's entries from its `menu.ts`). */
  playerMenu?: readonly MenuGroup[]
  /** Rendered once after the page (dialogs, effects of the features). */
  overlays?: ReactNode
}

type AppShellProps = ShellSlots & {
  /** Undefined until agency info arrives: its parts hold their place meanwhile. */
  agency: Pick<Agency, 'name' | 'logoUrl' | 'social'> | undefined
  session: Session
  /** The page. */
  children: ReactNode
}

/** The frame of every page: header, drawers, footer, bottom bar, toasts (spec section 2). */
export function AppShell({
  agency,
  session,
  playerActions,
  playerMenu,
  overlays,
  children,
}: AppShellProps) {
  const locale = useLocale()
  const [drawers] = useState(() => ({ menu: createAtom(false), contact: createAtom(false) }))
  // A drawer opens after the frame that shows the tap: drawn inside the press, it left the
  // tap unanswered on a slow phone while it mounted (`npm run bench:interactions`).
  const open = (drawer: Atom<boolean>) => () => void afterNextPaint(() => drawer.set(true))
  useAppUpdates(agency?.name)

  // Undefined while agency info is on its way (the menus then say they are loading).
  const links = useMemo(() => agency && contactLinks(agency.social), [agency])

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
          agencyName={agency?.name}
          logoUrl={agency?.logoUrl}
          session={session}
          onOpenMenu={open(drawers.menu)}
          notice={<OfflineBanner />}
          contact={<ContactMenu links={links} onOpenDrawer={open(drawers.contact)} />}
          playerActions={playerActions}
        />
        {/* At least a screen under the header: the footer starts below the fold, so a page
            that grows as its data arrives moves nothing the player sees (CLS). */}
        <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
          {children}
        </main>
        <AppFooter agencyName={agency?.name} year={new Date().getFullYear()}>
          <ScrollToTop />
        </AppFooter>
      </div>
      <BottomBar onContact={open(drawers.contact)} />
      <Drawer open={drawers.menu}>
        {(isOpen, onOpenChange) => (
          <SideDrawer
            isOpen={isOpen}
            onOpenChange={onOpenChange}
            session={session}
            logoUrl={agency?.logoUrl}
            playerMenu={playerMenu}
          />
        )}
      </Drawer>
      <Drawer open={drawers.contact}>
        {(isOpen, onOpenChange) => (
          <ContactDrawer links={links} isOpen={isOpen} onOpenChange={onOpenChange} />
        )}
      </Drawer>
      {overlays}
      <ToastRegion showsDates={session.status === 'loggedIn'} />
    </I18nProvider>
  )
}

/**
 * A drawer, mounted on first use, open while its atom says so. The atom (TanStack Store, which
 * the router and the forms already bring) is kept outside the shell's state: opening a drawer
 * draws the drawer alone, not the header, footer and bottom bar around it again in the tap's
 * own task (decision 020).
 */
function Drawer({
  open,
  children,
}: {
  open: Atom<boolean>
  children: (isOpen: boolean, onOpenChange: (isOpen: boolean) => void) => ReactNode
}) {
  const isOpen = useSelector(open)
  return <LazyOverlay isOpen={isOpen}>{children(isOpen, open.set)}</LazyOverlay>
}

/**
 * The toast region, which draws nothing while no toast is queued: it mounts once the overlays'
 * code is in, so a first toast shows in the commit that queues it.
 * Its own component, so that the overlays' code arriving at idle renders it alone: as a
 * state of the shell it drew the whole frame again (header, footer, bottom bar: 43 components,
 * a task of its own on every page in a 4x CPU profile).
 */
function ToastRegion({ showsDates }: { showsDates: boolean }) {
  const overlaysLoaded = useOverlaysAtIdle()
  useDateFormattingAtIdle(overlaysLoaded && showsDates)
  return (
    <LazyOverlay isOpen={useHasToasts() || overlaysLoaded}>
      <Toasts closeLabel={m.layout_close()} regionLabel={m.layout_notifications()} />
    </LazyOverlay>
  )
}

/**
 * Makes the date formatter at an idle moment once `due` (`prepareDateFormatting`, format.ts),
 * so that ICU's first date format does not fall in the tap that first shows a date (an open
 * order's expiry). A worker makes one first (`warmUpIntl`): made on the main thread alone it
 * was one task of 120-210 ms at 4x CPU, the longest of a signed-in first load after its paint.
 * Due once the overlays are in, and only for a signed-in player: a visitor's taps show no date.
 */
function useDateFormattingAtIdle(due: boolean) {
  useEffect(() => {
    if (!due) return
    let live = true
    void whenIdle(OVERLAYS_IDLE_TIMEOUT_MS)
      .then(() => warmUpIntl(dateFormatIn(agencyTimeZoneName()), OVERLAYS_IDLE_TIMEOUT_MS))
      .then(() => whenIdle(OVERLAYS_IDLE_TIMEOUT_MS))
      .then(() => {
        if (live) prepareDateFormatting()
      })
    return () => {
      live = false
    }
  }, [due])
}

/** Whether a toast is queued (the region then mounts at once, idle or not). */
function useHasToasts(): boolean {
  return useSyncExternalStore(
    (onChange) => toastQueue.subscribe(onChange),
    () => toastQueue.visibleToasts.length > 0,
    () => false,
  )
}

/** How long to wait for an idle moment before fetching the next overlay's code anyway. */
const OVERLAYS_IDLE_TIMEOUT_MS = 4000

/**
 * Fetches the overlays' code once the page has settled, one chunk per idle period:
 * after the first screen's calls are answered (its largest paint often waits for them: the
 * landing's welcome needs agency info), then loaded, painted, fonts in and idle. Nothing is
 * lost by starting late: an overlay opened before fetches its code at once. Returns whether
 * the code is in.
 */
function useOverlaysAtIdle(): boolean {
  const queryClient = useQueryClient()
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    let live = true
    void whenNoFetches(queryClient, OVERLAYS_IDLE_TIMEOUT_MS)
      .then(() => whenSettled(OVERLAYS_IDLE_TIMEOUT_MS))
      .then(() => {
        if (!live) return undefined
        markIdleWork()
        return preloadOverlays(() => whenIdle(OVERLAYS_IDLE_TIMEOUT_MS))
      })
      .then(() => {
        if (live) setLoaded(true)
      })
    return () => {
      live = false
    }
  }, [queryClient])
  return loaded
}
