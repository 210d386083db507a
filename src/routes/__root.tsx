import { createRootRouteWithContext } from '@tanstack/react-router'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { setAgencyTimeZone } from '~/domain/format'
import { NotFoundPage } from '~/features/layout/not-found-page'
import type { RouterContext } from '~/router'
import { AppLayout } from './-app-layout'
import { RootError } from './-root-error'

/** Player pages show dates, in the agency's time zone: they are drawn once it is known. */
const showsAgencyDates = (pathname: string) =>
  pathname === '/player' || pathname.startsWith('/player/')

export const Route = createRootRouteWithContext<RouterContext>()({
  // The whole site is presented under the agency, and every date is shown in its time zone.
  // Visitor pages do not wait for it: the layout draws at once with placeholders
  // where the agency goes (src/routes/-app-layout.tsx), and shows the root error page if it
  // fails. Player pages, whose dates need the time zone, wait for it (in parallel with the
  // session: main.tsx asks for both before the first render).
  loader: async ({ context, location }) => {
    const agency = context.queryClient
      .ensureQueryData(agencyInfoQueryOptions())
      .then((info) => setAgencyTimeZone(info.timeZone))
    if (showsAgencyDates(location.pathname)) await agency
    // Else a failure is the layout's to show (it reads the same query).
    else void agency.catch(() => undefined)
  },
  errorComponent: RootError,
  notFoundComponent: NotFoundPage,
  component: AppLayout,
})
