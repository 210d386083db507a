import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { SideDrawer } from '~/features/layout/side-drawer'
import type { Session } from '~/lib/session'
import { PLAYER_MENU } from '~/routes/-layout-slots'
import { renderWithProviders } from '../../helpers/render'

const player: Session = { status: 'loggedIn', displayName: 'Souksavanh' }

function renderDrawer(session: Session, path: string, onOpenChange = vi.fn()) {
  return renderWithProviders(
    <SideDrawer
      isOpen
      onOpenChange={onOpenChange}
      session={session}
      logoUrl=""
      playerMenu={PLAYER_MENU}
    />,
    { path },
  )
}

describe('SideDrawer', () => {
  it('marks the current page with aria-current, ignoring the query', async () => {
    await renderDrawer(player, '/player/game/askmebet?tab=Slot')
    const nav = screen.getByRole('navigation', { name: m.nav_main() })
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
    expect(current).toHaveLength(1)
    expect(current[0]).toHaveAccessibleName('AskMeBet')
    expect(current[0]).toHaveAttribute('href', '/player/game/askmebet?tab=Slot')
  })

  it('does not mark deposit on the deposit history page', async () => {
    await renderDrawer(player, '/player/deposit/history')
    expect(screen.getByRole('link', { name: m.nav_deposit_history() })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(screen.getByRole('link', { name: m.nav_deposit() })).not.toHaveAttribute('aria-current')
  })

  it('shows the player menu in two groups separated by a divider', async () => {
    await renderDrawer(player, '/player/bank')
    const nav = screen.getByRole('navigation', { name: m.nav_main() })
    expect(within(nav).getAllByRole('separator')).toHaveLength(1)
    expect(within(nav).getAllByRole('link')).toHaveLength(11)
    expect(within(nav).getByRole('list', { name: m.nav_games() })).toBeInTheDocument()
    expect(within(nav).getByRole('list', { name: m.nav_history() })).toBeInTheDocument()
  })

  it('closes and navigates when an entry is chosen', async () => {
    const onOpenChange = vi.fn()
    const { user, router } = await renderDrawer(player, '/player/bank', onOpenChange)
    await user.click(screen.getByRole('link', { name: m.nav_withdraw() }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/player/withdraw'))
  })

  it('offers visitors login and register', async () => {
    await renderDrawer({ status: 'loggedOut' }, '/')
    const nav = screen.getByRole('navigation', { name: m.nav_main() })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/login', '/register'])
  })

  it('shows no menu while the session is undetermined', async () => {
    await renderDrawer({ status: 'undetermined' }, '/')
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
    expect(screen.getByRole('status', { name: m.layout_loading() })).toBeInTheDocument()
  })

  it('has a close control', async () => {
    const onOpenChange = vi.fn()
    const { user } = await renderDrawer(player, '/player/bank', onOpenChange)
    await user.click(screen.getByRole('button', { name: m.layout_close() }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })
})
