import { createRootRouteWithContext } from '@tanstack/react-router'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { NotFoundPage } from '~/features/layout/not-found-page'
import type { RouterContext } from '~/router'
import { AppLayout } from './-app-layout'
import { RootError } from './-root-error'

export const Route = createRootRouteWithContext<RouterContext>()({
  // Agency info is loaded first: the whole site is presented under the agency.
  loader: ({ context }) => context.queryClient.ensureQueryData(agencyInfoQueryOptions()),
  errorComponent: RootError,
  notFoundComponent: NotFoundPage,
  component: AppLayout,
})
