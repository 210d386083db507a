import { screen, within } from '@testing-library/react'
import { delay } from 'msw'
import { describe, expect, it } from 'vitest'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { AboutPage, HowToPlayPage } from '~/features/agency/info-pages'
import { LandingPage } from '~/features/agency/landing-page'
import { GAME_CATEGORIES, GAME_CATEGORY_NAMES, PROVIDERS } from '~/lib/game-catalogue'
import { exampleOf } from '../../contract/spec'
import { http, mockApi } from '../../helpers/api'
import { createTestQueryClient, renderWithProviders } from '../../helpers/render'

type Agency = components['schemas']['Agency']
const agency = exampleOf<Agency>('getAgencyInfo', '200')

function withAgency() {
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(agencyInfoQueryOptions().queryKey, agency)
  return queryClient
}

describe('LandingPage', () => {
  it('welcomes visitors to the agency and calls them to register and log in', async () => {
    await renderWithProviders(<LandingPage />, { queryClient: withAgency() })
    expect(
      screen.getByRole('heading', { level: 1, name: m.agency_welcome({ name: agency.name }) }),
    ).toBeInTheDocument()
    const register = screen.getAllByRole('link', { name: m.nav_register() })
    const login = screen.getAllByRole('link', { name: m.nav_login() })
    expect(register.map((link) => link.getAttribute('href'))).toContain('/register')
    expect(login.map((link) => link.getAttribute('href'))).toContain('/login')
  })

  it('draws before agency info has arrived: the welcome holds its place, the rest is there', async () => {
    // No answer yet (the build prerenders this state, config/prerender-pages.ts).
    mockApi(http.get('/v2/agency/info', () => delay('infinite')))
    await renderWithProviders(<LandingPage />, { queryClient: createTestQueryClient() })
    const heading = screen.getByRole('heading', { level: 1 })
    expect(heading).toHaveTextContent(m.layout_loading())
    expect(heading).toHaveClass('h-[2lh]')
    expect(screen.getByText(m.landing_intro({ count: PROVIDERS.length }))).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: m.nav_register() }).length).toBeGreaterThan(0)
    // The logo's place is held by a box, not a broken or fallback image.
    expect(heading.closest('section')!.querySelector('img')).toBeNull()
  })

  it('presents the four providers and every game category', async () => {
    await renderWithProviders(<LandingPage />, { queryClient: withAgency() })
    const providers = screen.getByRole('region', {
      name: m.landing_providers_title({ count: PROVIDERS.length }),
    })
    expect(
      within(providers)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Alphabet', 'AskMeBet', 'GClub', 'GClub Live'])
    const categories = screen.getByRole('region', { name: m.landing_categories_title() })
    expect(
      within(categories)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(GAME_CATEGORIES.map((category) => GAME_CATEGORY_NAMES[category]()))
  })
})

describe('info pages', () => {
  it('about names the agency', async () => {
    await renderWithProviders(<AboutPage />, { queryClient: withAgency() })
    expect(
      screen.getByRole('heading', { level: 1, name: m.pages_about_title() }),
    ).toBeInTheDocument()
    expect(
      screen.getByText(m.pages_about_p1({ name: agency.name, count: PROVIDERS.length })),
    ).toBeInTheDocument()
  })

  it('how to play counts the steps it lists', async () => {
    await renderWithProviders(<HowToPlayPage />)
    const steps = screen.getAllByRole('listitem')
    expect(steps.length).toBeGreaterThan(1)
    expect(screen.getByText(m.pages_how_to_play_intro({ count: steps.length }))).toBeInTheDocument()
  })
})
