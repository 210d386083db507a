import { Button } from 'react-aria-components'
import { m } from '~generated/paraglide/messages'
import { Icon } from '~/ui/icon'
import { LazyMenu } from '~/widgets/lazy-menu'
import type { ContactLink } from './contact-links'

// New tab without giving the opened page a handle on ours, nor our URL as referrer.
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const

const triggerClass =
  'inline-flex min-h-10 min-w-10 cursor-pointer items-center justify-center gap-2 rounded-lg text-sm bar:min-h-11 bar:min-w-11 text-ink hover:bg-surface-overlay focus-visible:outline-3 focus-visible:outline-accent bar:px-3'

type ContactMenuProps = {
  /** Undefined while agency info is on its way. */
  links: readonly ContactLink[] | undefined
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
        <LazyMenu
          empty={links ? <EmptyContacts /> : <ContactsLoading />}
          options={(links ?? []).map((link) => ({
            id: link.id,
            href: link.href,
            ...NEW_TAB,
            textValue: link.name,
            children: (
              <>
                <Icon name={link.icon} />
                <span>{link.name}</span> <span className="sr-only">{m.a11y_opens_new_tab()}</span>
              </>
            ),
          }))}
        >
          <Button className={triggerClass}>
            <Icon name="chat" />
            <span>{m.nav_contact()}</span>
            <Icon name="chevronDown" className="size-4" />
          </Button>
        </LazyMenu>
      </div>
    </>
  )
}

/** The agency's contacts are not in yet (the layout draws before agency info). */
export function ContactsLoading() {
  return (
    <p role="status" className="px-3 py-2 text-sm text-ink-muted">
      {m.layout_loading()}
    </p>
  )
}

export function EmptyContacts() {
  return <p className="px-3 py-2 text-sm text-ink-muted">{m.contact_empty()}</p>
}
