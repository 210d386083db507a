import { Button, MenuTrigger } from 'react-aria-components'
import { m } from '~generated/paraglide/messages'
import { Drawer } from '~/ui/drawer'
import { Icon } from '~/ui/icon'
import { MenuItem, MenuPopover } from '~/ui/menu'
import type { ContactLink } from './contact-links'

// New tab without giving the opened page a handle on ours, nor our URL as referrer.
const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const

const triggerClass =
  'inline-flex min-h-10 min-w-10 cursor-pointer items-center justify-center gap-2 rounded-lg text-sm bar:min-h-11 bar:min-w-11 text-ink hover:bg-surface-overlay focus-visible:outline-3 focus-visible:outline-accent bar:px-3'

type ContactMenuProps = {
  links: readonly ContactLink[]
  /** Small screens show the contacts in the bottom drawer instead of a dropdown. */
  onOpenDrawer: () => void
}

/** Header contact control: a dropdown from 577 px up, a bottom drawer below (spec). */
export function ContactMenu({ links, onOpenDrawer }: ContactMenuProps) {
  return (
    <>
      <Button
        className={`${triggerClass} bar:hidden`}
        aria-label={m.nav_contact()}
        onPress={onOpenDrawer}
      >
        <Icon name="chat" />
      </Button>
      <div className="hidden bar:block">
        <MenuTrigger>
          <Button className={triggerClass}>
            <Icon name="chat" />
            <span>{m.nav_contact()}</span>
            <Icon name="chevronDown" className="size-4" />
          </Button>
          <MenuPopover renderEmptyState={() => <EmptyContacts />}>
            {links.map((link) => (
              <MenuItem
                key={link.id}
                id={link.id}
                href={link.href}
                {...NEW_TAB}
                textValue={link.name}
              >
                <Icon name={link.icon} />
                <span>{link.name}</span> <span className="sr-only">{m.a11y_opens_new_tab()}</span>
              </MenuItem>
            ))}
          </MenuPopover>
        </MenuTrigger>
      </div>
    </>
  )
}

function EmptyContacts() {
  return <p className="px-3 py-2 text-sm text-ink-muted">{m.contact_empty()}</p>
}

type ContactDrawerProps = {
  links: readonly ContactLink[]
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
        {links.length === 0 ? (
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
                  <span>{link.name}</span> <span className="sr-only">{m.a11y_opens_new_tab()}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Drawer>
  )
}
