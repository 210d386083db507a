import { useSuspenseQuery } from '@tanstack/react-query'
import { Outlet } from '@tanstack/react-router'
import { useFingerprintOncePerDay } from '~/features/account/fingerprint-once-per-day'
import { useDocumentMeta } from '~/features/agency/document-meta'
import { AppShell } from '~/features/layout/app-shell'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { useSession } from '~/lib/session'
import { layoutSlots } from './-layout-slots'

/** The root layout: the shell under the agency, with what the features put in its slots. */
export function AppLayout() {
  const { data: agency } = useSuspenseQuery(agencyInfoQueryOptions())
  useFingerprintOncePerDay(agency.id)
  useDocumentMeta(agency.name)
  return (
    <AppShell agency={agency} session={useSession()} {...layoutSlots}>
      <Outlet />
    </AppShell>
  )
}
