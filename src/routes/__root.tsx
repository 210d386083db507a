import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { agencyInfoQueryOptions } from '~/features/agency/agency-queries'
import { RootError } from '~/features/layout/root-error'
import type { RouterContext } from '~/router'

export const Route = createRootRouteWithContext<RouterContext>()({
  loader: ({ context }) => context.queryClient.ensureQueryData(agencyInfoQueryOptions()),
  errorComponent: RootError,
  component: Outlet,
})
