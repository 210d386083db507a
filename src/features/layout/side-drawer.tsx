import { m } from '~generated/paraglide/messages'
import { useOnlineStatus } from '~/lib/online'
import type { Session } from '~/lib/session'
import { Drawer } from '~/ui/drawer'
import { Icon } from '~/ui/icon'
import { Logo } from '~/ui/logo'
import { Spinner } from '~/ui/spinner'
import type { MenuEntry, MenuGroup } from '~/ui/menu-entry'
import { VISITOR_MENU } from './menu-entries'
import { MenuLink, useIsAnyActive } from './menu-link'

type SideDrawerProps = {
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  session: Session
  /** Undefined until agency info arrives (our own logo meanwhile). */
  logoUrl: string | undefined
  /** The signed-in player's groups: the features' entries, composed by the app. */
  playerMenu?: readonly MenuGroup[]
}

const entryClass =
  'flex min-h-12 items-center gap-3 rounded-xl px-3 py-2 text-ink hover:bg-surface-overlay focus-visible:outline-3 focus-visible:outline-accent data-[status=active]:bg-surface-overlay data-[status=active]:font-semibold data-[status=active]:text-accent'

/** The side drawer (spec section 2): from the left, 393 px wide, closes on any choice. */
export function SideDrawer({
  isOpen,
  onOpenChange,
  session,
  logoUrl,
  playerMenu = [],
}: SideDrawerProps) {
  const groups = session.status === 'loggedIn' ? playerMenu : VISITOR_MENU
  const close = () => onOpenChange(false)
  const online = useOnlineStatus()
  return (
    <Drawer
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement="left"
      title={m.nav_menu()}
      closeLabel={m.layout_close()}
      leading={<Logo src={logoUrl} alt="" className="size-8" />}
    >
      {session.status === 'undetermined' ? (
        <div className="grid place-items-center p-8 text-center text-sm text-ink-muted">
          {/* Offline the session query is paused, not failing: say why instead of spinning. */}
          {online ? (
            <Spinner className="size-6" label={m.layout_loading()} isWait />
          ) : (
            m.offline_banner()
          )}
        </div>
      ) : (
        <nav aria-label={m.nav_main()} className="p-3">
          {groups.map((group, index) => (
            <div key={group[0]?.id ?? index}>
              {index > 0 && <hr className="my-3 border-line" />}
              <ul className="space-y-1">
                {group.map((entry) => (
                  <Entry key={entry.id} entry={entry} onNavigate={close} />
                ))}
              </ul>
            </div>
          ))}
        </nav>
      )}
    </Drawer>
  )
}

type EntryProps = { entry: MenuEntry; onNavigate: () => void }

function Entry({ entry, onNavigate }: EntryProps) {
  if (!entry.children) {
    return (
      <li>
        <MenuLink link={entry.link} onNavigate={onNavigate} className={entryClass}>
          <Icon name={entry.icon} />
          <span>{entry.text()}</span>
        </MenuLink>
      </li>
    )
  }
  return <Group entry={entry} onNavigate={onNavigate} />
}

/** A group: its label is highlighted while one of its pages is shown; its pages are links. */
function Group({ entry, onNavigate }: EntryProps) {
  const children = entry.children ?? []
  const isActive = useIsAnyActive(children.map((child) => child.link))
  const labelId = `drawer-group-${entry.id}`
  return (
    <li>
      <p
        id={labelId}
        data-active={isActive || undefined}
        className="flex items-center gap-3 px-3 pt-2 pb-1 text-sm font-semibold text-ink-muted data-[active]:text-accent"
      >
        <Icon name={entry.icon} />
        {entry.text()}
      </p>
      <ul aria-labelledby={labelId} className="space-y-1 pl-4">
        {children.map((child) => (
          <Entry key={child.id} entry={child} onNavigate={onNavigate} />
        ))}
      </ul>
    </li>
  )
}
