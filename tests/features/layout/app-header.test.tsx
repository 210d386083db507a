import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { AppHeader } from '~/features/layout/app-header'
import type { Session } from '~/lib/session'
import { UserMenu } from '~/features/account/user-menu'
import { applyDocumentLanguage } from '~/lib/locale'
import { renderWithProviders } from '../../helpers/render'

afterEach(() => applyDocumentLanguage('lo'))

function renderHeader(
  session: Session,
  actions = { onChangePassword: vi.fn(), onLogout: vi.fn() },
  agency: { name: string; logoUrl: string } | null = { name: 'Champa Club', logoUrl: '' },
) {
  return renderWithProviders(
    <AppHeader
      agencyName={agency?.name}
      logoUrl={agency?.logoUrl}
      session={session}
      onOpenMenu={vi.fn()}
      contact={null}
      playerActions={
        session.status === 'loggedIn' && (
          <UserMenu displayName={session.displayName} isLoggingOut={false} {...actions} />
        )
      }
    />,
  )
}

describe('AppHeader', () => {
  it('links the logo home', async () => {
    await renderHeader({ status: 'loggedOut' })
    expect(
      screen.getByRole('link', { name: m.nav_home_link({ name: 'Champa Club' }) }),
    ).toHaveAttribute('href', '/')
  })

  it('holds the logo and the name in place while agency info is on its way', async () => {
    await renderHeader({ status: 'loggedOut' }, undefined, null)
    const home = screen.getByRole('link', { name: m.nav_home() })
    expect(home).toHaveAttribute('href', '/')
    expect(within(home).queryByRole('img', { hidden: true })).not.toBeInTheDocument()
    expect(home.firstElementChild).toHaveClass('size-8', 'bar:size-9')
    expect(screen.getByRole('link', { name: m.nav_login() })).toBeInTheDocument()
  })

  it('offers visitors Login and Register', async () => {
    await renderHeader({ status: 'loggedOut' })
    expect(screen.getByRole('link', { name: m.nav_login() })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: m.nav_register() })).toHaveAttribute(
      'href',
      '/register',
    )
    expect(screen.queryByRole('link', { name: m.nav_deposit() })).not.toBeInTheDocument()
  })

  it('shows neither set of actions while the session is undetermined', async () => {
    await renderHeader({ status: 'undetermined' })
    expect(screen.queryByRole('link', { name: m.nav_login() })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: m.nav_register() })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: m.nav_deposit() })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: m.nav_open_menu() })).toBeInTheDocument()
  })

  it('gives a player Deposit and a user menu with Change password and Logout', async () => {
    const actions = { onChangePassword: vi.fn(), onLogout: vi.fn() }
    const { user } = await renderHeader({ status: 'loggedIn', displayName: 'Souksavanh' }, actions)
    expect(screen.queryByRole('link', { name: m.nav_login() })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: m.nav_deposit() })).toHaveAttribute(
      'href',
      '/player/deposit',
    )

    const name = `${m.nav_account()} Souksavanh`
    await user.click(screen.getByRole('button', { name }))
    const menu = await screen.findByRole('menu', { name })
    await user.click(within(menu).getByRole('menuitem', { name: m.account_change_password() }))
    expect(actions.onChangePassword).toHaveBeenCalledTimes(1)

    await user.click(screen.getByRole('button', { name }))
    await user.click(await screen.findByRole('menuitem', { name: m.account_logout() }))
    expect(actions.onLogout).toHaveBeenCalledTimes(1)
  })

  it('switches language from the language menu, each language named in itself', async () => {
    const { user } = await renderHeader({ status: 'loggedOut' })
    const name = m.lang_button({ language: 'ພາສາລາວ' })
    await user.click(screen.getByRole('button', { name }))
    const menu = await screen.findByRole('menu', { name })
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['ພາສາລາວ', '简体中文', 'Tiếng Việt', 'ภาษาไทย'])
    await user.click(within(menu).getByRole('menuitemradio', { name: 'ภาษาไทย' }))
    // Switched once the frame that closes the menu is painted.
    await waitFor(() => expect(document.documentElement.lang).toBe('th'))
    expect(localStorage.getItem('i18nextLng')).toBe('th')
    const thai = m.lang_button({ language: 'ภาษาไทย' }, { locale: 'th' })
    expect(await screen.findByRole('button', { name: thai })).toBeInTheDocument()
  })
})
