import type { ErrorComponentProps } from '@tanstack/react-router'
import { AgencyErrorPage } from '~/features/agency/agency-error-page'
import { useHtmlShellHandOver } from '~/features/layout/html-shell'
import { RouteError } from '~/features/layout/route-error'
import { isAgencyNotFound } from '~/lib/api/agency'

/**
 * The root's error fallback, shown without the layout (the layout needs the agency).
 * Agency info 404 shows the spec's "cannot log in" page; anything else the route fallback.
 */
export function RootError(props: ErrorComponentProps) {
  useHtmlShellHandOver()
  if (isAgencyNotFound(props.error)) return <AgencyErrorPage />
  return (
    <main className="min-h-dvh p-4">
      <RouteError {...props} />
    </main>
  )
}
