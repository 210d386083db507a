import { useSuspenseQuery } from '@tanstack/react-query'
import { m } from '~generated/paraglide/messages'
import { Button } from '~/ui/button'
import { agencyInfoQueryOptions } from './agency-queries'

export function LandingPage() {
  const { data: agency } = useSuspenseQuery(agencyInfoQueryOptions())
  return (
    <main className="mx-auto max-w-3xl space-y-6 p-6">
      <header className="flex items-center gap-3">
        <img src={agency.logoUrl || '/logo.svg'} alt="" className="size-12" />
        <h1 className="text-2xl font-bold">{m.agency_welcome({ name: agency.name })}</h1>
      </header>
      <p className="text-ink-muted">{m.landing_intro()}</p>
      <Button>{m.nav_register()}</Button>
    </main>
  )
}
