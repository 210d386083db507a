import { useSuspenseQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { m } from '~generated/paraglide/messages'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { PROVIDERS } from '~/lib/game-catalogue'

function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl space-y-4 px-4 py-10 leading-relaxed">
      <h1 className="text-2xl font-semibold bar:text-3xl">{title}</h1>
      {children}
    </article>
  )
}

function useAgencyName() {
  return useSuspenseQuery(agencyInfoQueryOptions()).data.name
}

export function AboutPage() {
  const name = useAgencyName()
  return (
    <InfoPage title={m.pages_about_title()}>
      <p>{m.pages_about_p1({ name, count: PROVIDERS.length })}</p>
      <p className="text-ink-muted">{m.pages_about_p2()}</p>
    </InfoPage>
  )
}

export function ServicePage() {
  const name = useAgencyName()
  return (
    <InfoPage title={m.pages_service_title()}>
      <p>{m.pages_service_intro({ name })}</p>
      <ul className="list-disc space-y-2 pl-6 text-ink-muted marker:text-accent">
        <li>{m.pages_service_rule_account()}</li>
        <li>{m.pages_service_rule_bank()}</li>
        <li>{m.pages_service_rule_promotion()}</li>
        <li>{m.pages_service_rule_support()}</li>
      </ul>
    </InfoPage>
  )
}

const STEPS = [
  m.pages_how_to_play_step_register,
  m.pages_how_to_play_step_bank,
  m.pages_how_to_play_step_deposit,
  m.pages_how_to_play_step_play,
  m.pages_how_to_play_step_withdraw,
] as const

export function HowToPlayPage() {
  return (
    <InfoPage title={m.pages_how_to_play_title()}>
      <p>{m.pages_how_to_play_intro({ count: STEPS.length })}</p>
      <ol className="space-y-3">
        {STEPS.map((step, index) => (
          <li
            key={index}
            className="flex gap-3 rounded-xl border border-line bg-surface-raised p-4"
          >
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-full bg-gradient-to-br from-accent to-accent-2 font-semibold text-surface"
            >
              {index + 1}
            </span>
            <span className="self-center">{step()}</span>
          </li>
        ))}
      </ol>
    </InfoPage>
  )
}
