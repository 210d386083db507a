import { m } from '~generated/paraglide/messages'
import { Drawer } from '~/ui/drawer'
import { Icon } from '~/ui/icon'
import type { ContactLink } from './contact-links'
import { ContactsLoading, EmptyContacts, NEW_TAB } from './contact-menu'

type ContactDrawerProps = {
  /** Undefined while agency info is on its way. */
  links: readonly ContactLink[] | undefined
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
}

/** The contacts as a bottom sheet with a close button (small screens, and the bottom bar). */
export function ContactDrawer({ links, isOpen, onOpenChange }: ContactDrawerProps) {
  return (
    <Drawer
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement="bottom"
      title={m.nav_contact()}
      closeLabel={m.layout_close()}
    >
      <div className="space-y-3 p-4 pb-6">
        <p className="text-sm text-ink-muted">{m.contact_intro()}</p>
        {links === undefined ? (
          <ContactsLoading />
        ) : links.length === 0 ? (
          <EmptyContacts />
        ) : (
          <ul className="grid gap-2">
            {links.map((link) => (
              <li key={link.id}>
                <a
                  href={link.href}
                  {...NEW_TAB}
                  className="flex min-h-12 items-center gap-3 rounded-xl border border-line bg-surface px-4 py-2 hover:bg-surface-overlay focus-visible:outline-3 focus-visible:outline-accent"
                >
                  <Icon name={link.icon} />
                  <span className="min-w-0 wrap-anywhere">{link.name}</span>{' '}
                  <span className="sr-only">{m.a11y_opens_new_tab()}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Drawer>
  )
}
