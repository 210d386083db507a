import { Button } from 'react-aria-components'
import { m } from '~generated/paraglide/messages'
import type { LinkOptions } from '@tanstack/react-router'
import { links, PLAYER_HOME } from '~/lib/navigation'
import { Icon, type IconName } from '~/ui/icon'
import { MenuLink } from './menu-link'

type BottomBarProps = { onContact: () => void }

const itemClass =
  'flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 rounded-lg px-1 text-xs leading-tight text-ink-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-accent data-[status=active]:text-accent'

type BarLink = { id: string; link: LinkOptions; text: () => string; icon: IconName }

const left: readonly BarLink[] = [
  { id: 'deposit', link: links.deposit, text: m.nav_deposit, icon: 'deposit' },
  { id: 'withdraw', link: links.withdraw, text: m.nav_withdraw, icon: 'withdraw' },
]
const right: readonly BarLink[] = [
  { id: 'bank', link: links.bank, text: m.nav_bank_short, icon: 'bank' },
]

/** Mobile bottom app bar (spec: only up to 576 px wide). */
export function BottomBar({ onContact }: BottomBarProps) {
  const item = ({ id, link, text, icon }: BarLink) => (
    <li key={id} className="flex flex-1">
      <MenuLink link={link} className={itemClass}>
        <Icon name={icon} />
        <span className="max-w-full truncate">{text()}</span>
      </MenuLink>
    </li>
  )
  return (
    <nav
      aria-label={m.nav_quick()}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface-raised pb-[env(safe-area-inset-bottom)] bar:hidden"
    >
      <ul className="flex items-stretch gap-1 px-1">
        {left.map(item)}
        <li className="flex flex-1 justify-center">
          <MenuLink
            link={PLAYER_HOME}
            className="-mt-5 flex flex-col items-center gap-0.5 rounded-full text-xs text-ink-muted focus-visible:outline-3 focus-visible:outline-accent data-[status=active]:text-accent"
          >
            <span className="grid size-14 place-items-center rounded-full border-4 border-surface bg-gradient-to-br from-accent to-accent-2 text-surface shadow-lg">
              <Icon name="home" className="size-6" />
            </span>
            <span>{m.nav_home()}</span>
          </MenuLink>
        </li>
        {right.map(item)}
        <li className="flex flex-1">
          <Button onPress={onContact} className={`${itemClass} cursor-pointer`}>
            <Icon name="chat" />
            <span className="max-w-full truncate">{m.nav_contact_short()}</span>
          </Button>
        </li>
      </ul>
    </nav>
  )
}
