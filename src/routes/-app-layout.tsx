import { useQuery } from '@tanstack/react-query'
import { Outlet, useRouterState } from '@tanstack/react-router'
import { useFingerprintOncePerDay } from '~/features/account/fingerprint-once-per-day'
import { useDocumentMeta } from '~/features/agency/document-meta'
import { AppShell } from '~/features/layout/app-shell'
import { useHtmlShellHandOver } from '~/features/layout/html-shell'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { useSession } from '~/lib/session'
import { layoutSlots } from './-layout-slots'

/**
 * The root layout: the shell under the agency, with what the features put in its slots.
 * It draws before agency info has arrived (the shell's agency parts hold their
 * place until then); agency info that failed with nothing to show replaces the whole site
 * with the root's error page (src/routes/-root-error.tsx), as the spec asks.
 */
export function AppLayout() {
  const { data: agency, error } = useQuery(agencyInfoQueryOptions())
  if (agency === undefined && error) throw error
  useFingerprintOncePerDay(agency?.id)
  useDocumentMeta(agency?.name)
  return (
    <AppShell agency={agency} session={useSession()} {...layoutSlots()}>
      <HtmlShellHandOver />
      <Outlet />
    </AppShell>
  )
}

/**
 * Takes the HTML's shell away once the page under the layout is drawn: once no match is still
 * loading (its code or its data). A component of its own, so that each navigation's loading
 * and end draw only it, not the whole shell with its header, menus and footer (decision 020).
 */
function HtmlShellHandOver() {
  useHtmlShellHandOver(
    useRouterState({
      select: (state) =>
        state.status === 'idle' && !state.matches.some((match) => match.status === 'pending'),
    }),
  )
  return null
}
