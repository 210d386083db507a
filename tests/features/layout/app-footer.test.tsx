import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { AppFooter } from '~/features/layout/app-footer'
import { renderWithProviders } from '../../helpers/render'

describe('AppFooter', () => {
  it('shows categories, providers, info links, the six banks and the copyright', async () => {
    await renderWithProviders(<AppFooter agencyName="Champa Club" year={2026} />)
    const footer = screen.getByRole('contentinfo')

    expect(within(footer).getByText(m.game_category_fish_shooting())).toBeInTheDocument()
    expect(within(footer).getByText(m.game_category_others())).toBeInTheDocument()
    expect(within(footer).getByText('GClub Live')).toBeInTheDocument()

    const info = within(footer).getByRole('navigation', { name: m.footer_information() })
    expect(
      within(info)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/about', '/service', '/how-to-play'])

    const banks = within(footer).getAllByRole('img')
    expect(banks.map((bank) => bank.getAttribute('aria-label'))).toEqual([
      m.footer_bank_bcel(),
      m.footer_bank_jdb(),
      m.footer_bank_ldb(),
      m.footer_bank_indochina(),
      m.footer_bank_kasikam(),
      m.footer_bank_lvb(),
    ])

    expect(
      within(footer).getByText(m.footer_copyright({ year: '2026', name: 'Champa Club' })),
    ).toBeInTheDocument()
  })

  it('holds the copyright line in place while agency info is on its way', async () => {
    await renderWithProviders(<AppFooter agencyName={undefined} year={2026} />)
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).queryByText(/2026/)).not.toBeInTheDocument()
    // One line's height (a no-break space), so the footer's height does not change.
    expect(footer.querySelector(':scope > p')?.textContent).toBe('\u00a0')
  })
})
