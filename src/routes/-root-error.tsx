import type { ErrorComponentProps } from '@tanstack/react-router'
import { AgencyErrorPage } from '~/features/agency/agency-error-page'
import { RouteError } from '~/features/layout/route-error'
import { isApiError } from '~/lib/api-error'

/**
 * The root's error fallback, shown without the layout (the layout needs the agency).
 * Agency info 404 shows the spec's "cannot log in" page; anything else the route fallback.
 */
export function RootError(props: ErrorComponentProps) {
  const { error } = props
  if (isApiError(error) && error.status === 404 && error.operationPath === '/v2/agency/info') {
    return <AgencyErrorPage />
  }
  return (
    <main className="min-h-dvh p-4">
      <RouteError {...props} />
    </main>
  )
}
