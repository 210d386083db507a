import { m } from '~generated/paraglide/messages'
import { Drawer } from '~/ui/drawer'
import { Icon } from '~/ui/icon'
import { Logo } from '~/ui/logo'
import { Spinner } from '~/ui/spinner'
import { isEntryActive, PLAYER_MENU, VISITOR_MENU, type MenuEntry } from './menu-entries'
import { MenuLink } from './menu-link'
import type { SessionView } from './session-view'
import { useOnlineStatus } from './use-online-status'

type SideDrawerProps = {
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  session: SessionView
  /** The current location's path (the query is ignored by the active rule). */
  currentPath: string
  logoUrl: string
}

const entryClass =
  'flex min-h-12 items-center gap-3 rounded-xl px-3 py-2 text-ink hover:bg-surface-overlay focus-visible:outline-3 focus-visible:outline-accent data-[active]:bg-surface-overlay data-[active]:font-semibold data-[active]:text-accent'

/** The side drawer (spec section 2): from the left, 393 px wide, closes on any choice. */
export function SideDrawer({
  isOpen,
  onOpenChange,
  session,
  currentPath,
  logoUrl,
}: SideDrawerProps) {
  const groups = session.status === 'loggedIn' ? PLAYER_MENU : VISITOR_MENU
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
          {online ? <Spinner className="size-6" label={m.layout_loading()} /> : m.offline_banner()}
        </div>
      ) : (
        <nav aria-label={m.nav_main()} className="p-3">
          {groups.map((group, index) => (
            <div key={group[0]?.id ?? index}>
              {index > 0 && <hr className="my-3 border-line" />}
              <ul className="space-y-1">
                {group.map((entry) => (
                  <Entry
                    key={entry.id}
                    entry={entry}
                    currentPath={currentPath}
                    onNavigate={close}
                  />
                ))}
              </ul>
            </div>
          ))}
        </nav>
      )}
    </Drawer>
  )
}

type EntryProps = { entry: MenuEntry; currentPath: string; onNavigate: () => void }

function Entry({ entry, currentPath, onNavigate }: EntryProps) {
  const isActive = isEntryActive(entry, currentPath)
  if (!entry.children) {
    return (
      <li>
        <MenuLink
          link={entry.link}
          isActive={isActive}
          onNavigate={onNavigate}
          className={entryClass}
        >
          <Icon name={entry.icon} />
          <span>{entry.text()}</span>
        </MenuLink>
      </li>
    )
  }
  // A group: its label is highlighted while one of its pages is shown; its pages are links.
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
        {entry.children.map((child) => (
          <Entry key={child.id} entry={child} currentPath={currentPath} onNavigate={onNavigate} />
        ))}
      </ul>
    </li>
  )
}
