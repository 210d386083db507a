import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { m } from '~generated/paraglide/messages'
import { links } from '~/lib/navigation'
import {
  GAME_CATEGORIES,
  GAME_CATEGORY_NAMES,
  PROVIDERS,
  PROVIDER_NAMES,
  type Provider,
} from '~/lib/game-catalogue'
import { buttonStyles } from '~/ui/button'
import { Icon } from '~/ui/icon'
import { Logo } from '~/ui/logo'
import { agencyInfoQueryOptions } from '~/lib/api/agency'

const PROVIDER_BLURBS = {
  alphabet: m.landing_provider_alphabet,
  askmebet: m.landing_provider_askmebet,
  gclub: m.landing_provider_gclub,
  gclub_live: m.landing_provider_gclub_live,
} as const satisfies Record<Provider, () => string>

/** A titled list of the landing page (the providers, the game categories). */
function ListSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * The visitor's welcome: the agency, its providers and game categories, register / log in.
 *
 * Drawn before agency info has arrived (the build prerenders it, and its largest
 * text, the introduction, is the page's largest paint): the logo and the welcome hold their
 * place until then. The welcome's box is two lines on a phone and one from the header's
 * breakpoint up, whatever the agency's name, so nothing below it moves when the name
 * arrives; a name too long for it is cut with an ellipsis (screen readers get it whole).
 * Agency info that fails is the layout's to show (src/routes/-app-layout.tsx).
 */
export function LandingPage() {
  const { data: agency } = useQuery(agencyInfoQueryOptions())
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-8 bar:py-12">
      <section className="relative overflow-hidden rounded-3xl border border-line bg-gradient-to-br from-surface-overlay to-surface-raised p-6 text-center bar:p-10">
        {agency ? (
          <Logo src={agency.logoUrl} alt="" className="mx-auto size-20" />
        ) : (
          <span className="mx-auto block size-20 rounded-2xl bg-surface-overlay" />
        )}
        <h1 className="mt-4 grid h-[2lh] place-items-center text-2xl font-semibold bar:h-[1lh] bar:text-4xl">
          {agency ? (
            <span className="line-clamp-2 bar:line-clamp-1">
              {m.agency_welcome({ name: agency.name })}
            </span>
          ) : (
            <>
              <span
                aria-hidden="true"
                className="block h-[0.8lh] w-2/3 max-w-md rounded-lg bg-surface-overlay"
              />
              <span className="sr-only">{m.layout_loading()}</span>
            </>
          )}
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-ink-muted">
          {m.landing_intro({ count: PROVIDERS.length })}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link {...links.register} className={buttonStyles({ size: 'lg' })}>
            {m.nav_register()}
          </Link>
          <Link {...links.login} className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
            {m.nav_login()}
          </Link>
        </div>
      </section>

      <ListSection
        id="landing-providers"
        title={m.landing_providers_title({ count: PROVIDERS.length })}
      >
        <ul className="grid grid-cols-2 gap-3 footer:grid-cols-4">
          {PROVIDERS.map((provider) => (
            <li
              key={provider}
              className="rounded-2xl border border-line bg-surface-raised p-4 text-left"
            >
              <span className="mb-3 grid size-10 place-items-center rounded-xl bg-gradient-to-br from-accent to-accent-2 text-surface">
                <Icon name="game" />
              </span>
              <h3 className="font-semibold">{PROVIDER_NAMES[provider]}</h3>
              <p className="text-sm text-ink-muted">{PROVIDER_BLURBS[provider]()}</p>
            </li>
          ))}
        </ul>
      </ListSection>

      <ListSection id="landing-categories" title={m.landing_categories_title()}>
        <ul className="flex flex-wrap gap-2">
          {GAME_CATEGORIES.map((category) => (
            <li
              key={category}
              className="rounded-full border border-line bg-surface-raised px-4 py-2 text-sm"
            >
              {GAME_CATEGORY_NAMES[category]()}
            </li>
          ))}
        </ul>
      </ListSection>

      <section
        aria-labelledby="landing-cta"
        className="rounded-3xl border border-line bg-surface-raised p-6 text-center bar:p-10"
      >
        <h2 id="landing-cta" className="text-xl font-semibold">
          {m.landing_cta_title()}
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-ink-muted">{m.landing_cta_text()}</p>
        <div className="mt-5 flex flex-wrap items-center justify-center gap-3">
          <Link {...links.register} className={buttonStyles({ size: 'lg' })}>
            {m.nav_register()}
          </Link>
          <span className="text-sm text-ink-muted">{m.landing_have_account()}</span>
          <Link
            {...links.login}
            className={buttonStyles({
              variant: 'ghost',
              className: 'underline underline-offset-4',
            })}
          >
            {m.nav_login()}
          </Link>
        </div>
      </section>
    </div>
  )
}
