import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { m } from '~generated/paraglide/messages'
import { links } from '~/lib/navigation'
import {
  GAME_CATEGORIES,
  GAME_CATEGORY_NAMES,
  PROVIDERS,
  PROVIDER_NAMES,
} from '~/lib/game-catalogue'
import { BANK_CODES, BankLogo } from './bank-logos'

type AppFooterProps = {
  /** Undefined until agency info arrives: the copyright line holds its place meanwhile. */
  agencyName: string | undefined
  year: number
  /** Floating controls (scroll-to-top) that belong to no other landmark. */
  children?: ReactNode
}

const linkClass =
  'inline-flex min-h-6 items-center rounded text-ink-muted underline-offset-4 hover:text-ink hover:underline focus-visible:outline-3 focus-visible:outline-accent'

/**
 * Footer (spec section 1). Below 769 px everything stacks and centres; from 769 px the
 * sections sit side by side (the `footer:` breakpoint).
 */
export function AppFooter({ agencyName, year, children }: AppFooterProps) {
  return (
    <footer className="border-t border-line bg-surface-raised pb-24 bar:pb-0">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 text-center footer:grid-cols-[2fr_1fr_1fr] footer:text-left">
        <Section title={m.footer_categories()}>
          <ul className="flex flex-wrap justify-center gap-2 footer:justify-start">
            {GAME_CATEGORIES.map((category) => (
              <li
                key={category}
                className="rounded-full border border-line px-3 py-1 text-sm text-ink-muted"
              >
                {GAME_CATEGORY_NAMES[category]()}
              </li>
            ))}
          </ul>
        </Section>
        <Section title={m.footer_providers()}>
          <ul className="space-y-1 text-sm text-ink-muted">
            {PROVIDERS.map((provider) => (
              <li key={provider}>{PROVIDER_NAMES[provider]}</li>
            ))}
          </ul>
        </Section>
        <Section title={m.footer_information()}>
          <nav aria-label={m.footer_information()}>
            <ul className="space-y-1 text-sm">
              <li>
                <Link {...links.about} className={linkClass}>
                  {m.pages_about_title()}
                </Link>
              </li>
              <li>
                <Link {...links.service} className={linkClass}>
                  {m.pages_service_title()}
                </Link>
              </li>
              <li>
                <Link {...links.howToPlay} className={linkClass}>
                  {m.pages_how_to_play_title()}
                </Link>
              </li>
            </ul>
          </nav>
        </Section>
        <div className="footer:col-span-3">
          <Section title={m.footer_banks()}>
            <ul className="flex flex-wrap justify-center gap-3 footer:justify-start">
              {BANK_CODES.map((code) => (
                <li key={code}>
                  <BankLogo code={code} />
                </li>
              ))}
            </ul>
          </Section>
        </div>
      </div>
      <p className="border-t border-line px-4 py-4 text-center text-xs text-ink-muted">
        {agencyName === undefined ? (
          <span aria-hidden="true">&nbsp;</span>
        ) : (
          m.footer_copyright({ year: String(year), name: agencyName })
        )}
      </p>
      {children}
    </footer>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-sm font-semibold tracking-wide text-ink uppercase">{title}</h2>
      {children}
    </section>
  )
}
