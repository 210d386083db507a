import type { ErrorComponentProps } from '@tanstack/react-router'
import { AgencyErrorPage } from '~/features/agency/agency-error-page'
import { isApiError } from '~/lib/api-error'
import { ErrorPanel } from './error-panel'

/** Agency info 404 shows the spec's error page; anything else the generic error panel. */
export function RootError({ error, reset }: ErrorComponentProps) {
  if (isApiError(error) && error.status === 404 && error.operationPath === '/v2/agency/info') {
    return <AgencyErrorPage />
  }
  return <ErrorPanel error={error} reset={reset} />
}
