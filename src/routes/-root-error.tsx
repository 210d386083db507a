import { useQueryClient } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { AgencyErrorPage } from '~/features/agency/agency-error-page'
import { useHtmlShellHandOver } from '~/features/layout/html-shell'
import { RouteError } from '~/features/layout/route-error'
import { agencyInfoQueryOptions, isAgencyNotFound } from '~/lib/api/agency'

/**
 * The root's error fallback, shown without the layout (the layout needs the agency).
 * Agency info 404 shows the spec's "cannot log in" page; anything else the route fallback,
 * whose retry asks for agency info again (its failure is cached, and never retried by
 * itself) and runs the loaders again.
 */
export function RootError(props: ErrorComponentProps) {
  useHtmlShellHandOver()
  const queryClient = useQueryClient()
  const router = useRouter()
  if (isAgencyNotFound(props.error)) return <AgencyErrorPage />
  const retry = () => {
    void queryClient.resetQueries({ queryKey: agencyInfoQueryOptions().queryKey })
    props.reset()
    void router.invalidate()
  }
  return (
    <main className="min-h-dvh p-4">
      <RouteError {...props} reset={retry} />
    </main>
  )
}
