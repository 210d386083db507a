import { createRootRouteWithContext } from '@tanstack/react-router'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { setAgencyTimeZone } from '~/lib/format'
import { NotFoundPage } from '~/features/layout/not-found-page'
import type { RouterContext } from '~/router'
import { AppLayout } from './-app-layout'
import { RootError } from './-root-error'

export const Route = createRootRouteWithContext<RouterContext>()({
  // Agency info is loaded first: the whole site is presented under the agency, and every date
  // is shown in its time zone from then on.
  loader: async ({ context }) => {
    const agency = await context.queryClient.ensureQueryData(agencyInfoQueryOptions())
    setAgencyTimeZone(agency.timeZone)
    return agency
  },
  errorComponent: RootError,
  notFoundComponent: NotFoundPage,
  component: AppLayout,
})
