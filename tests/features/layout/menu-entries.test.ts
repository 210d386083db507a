import { act, screen, within } from '@testing-library/react'
import { createElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { VISITOR_MENU } from '~/features/layout/menu-entries'
import { SideDrawer } from '~/features/layout/side-drawer'
import { PLAYER_MENU } from '~/routes/-layout-slots'
import type { MenuGroup } from '~/ui/menu-entry'
import { renderWithProviders } from '../../helpers/render'

/** A link as the browser sees it: path, its params in place, and query. */
const hrefOf = ({ to, params, search }: { to?: string; params?: unknown; search?: unknown }) => {
  const values = (params ?? {}) as Record<string, string>
  const path = (to ?? '').replace(/\$(\w+)/g, (_, name: string) => values[name] ?? '')
  const query = new URLSearchParams((search ?? {}) as Record<string, string>).toString()
  return `${path}${query ? `?${query}` : ''}`
}

const links = (groups: readonly MenuGroup[]) =>
  groups.map((entries) =>
    entries.flatMap((entry) =>
      entry.children ? entry.children.map((child) => hrefOf(child.link)) : [hrefOf(entry.link)],
    ),
  )

const PLAYER_PAGES = links(PLAYER_MENU).flat()

async function drawerAt(path: string) {
  const { router } = await renderWithProviders(
    createElement(SideDrawer, {
      isOpen: true,
      onOpenChange: vi.fn(),
      session: { status: 'loggedIn', displayName: 'Souksavanh' },
      logoUrl: '',
      playerMenu: PLAYER_MENU,
    }),
    { path },
  )
  return Object.assign(screen.getByRole('navigation', { name: m.nav_main() }), { router })
}

const current = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.getAttribute('href'))

describe('menu data', () => {
  it('has the spec player menu: two groups, every link in order', () => {
    expect(links(PLAYER_MENU)).toEqual([
      [
        '/player/game/alphabet',
        '/player/game/askmebet?tab=Slot',
        '/player/game/gclub',
        '/player/game/gclub_live',
        '/player/deposit',
        '/player/withdraw',
        '/player/promotion',
      ],
      [
        '/player/bank',
        '/player/deposit/history',
        '/player/withdraw/history',
        '/player/promotion/history',
      ],
    ])
  })

  it('has login and register for visitors', () => {
    expect(links(VISITOR_MENU)).toEqual([['/login', '/register']])
  })
})

describe('active entry (spec: current path without query equals its link or a child link)', () => {
  it('matches its own link, whatever the query', async () => {
    expect(current(await drawerAt('/player/game/askmebet?tab=Fish'))).toEqual([
      '/player/game/askmebet?tab=Slot',
    ])
  })

  it('is equality, not a prefix: deposit is not active on deposit history', async () => {
    expect(current(await drawerAt('/player/deposit/history'))).toEqual(['/player/deposit/history'])
  })

  it('lights a group label when a child link matches, and only then', async () => {
    const nav = await drawerAt('/player/withdraw/history')
    const label = (name: string) => within(nav).getByText(name, { selector: 'p' })
    expect(label(m.nav_history())).toHaveAttribute('data-active')
    expect(label(m.nav_games())).not.toHaveAttribute('data-active')
  })

  it('lights exactly one page entry on every menu page', async () => {
    const nav = await drawerAt('/')
    for (const page of PLAYER_PAGES) {
      await act(() => nav.router.navigate({ href: page }))
      expect(current(nav), page).toEqual([page])
    }
  })
})
