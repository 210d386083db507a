// The floor app's parts (bench/README.md): React 19, TanStack Router and TanStack Query
// showing one query's answer. src/main.tsx mounts them alone (the floor); the experiment's
// pages (src/painted.tsx) mount them with one route of their own, as a build of its own, so
// the floor's bytes never change for the experiment.
import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query'
import {
  type AnyRoute,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

type AgencyInfo = { name: string }

// The same first call the site makes (agency info), through the same /api proxy.
const agencyQuery = queryOptions({
  queryKey: ['agency-info'],
  queryFn: async (): Promise<AgencyInfo> => {
    const response = await fetch('/api/v2/agency/info')
    if (!response.ok) throw new Error(`agency info: ${response.status}`)
    return (await response.json()) as AgencyInfo
  },
})

function Home() {
  const { data, status } = useQuery(agencyQuery)
  return <h1>{status === 'success' ? data.name : status}</h1>
}

export const rootRoute = createRootRoute({ component: () => <Outlet /> })
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home })

/** Renders the floor's router, with `routes` beside its one page. */
export function mount(routes: AnyRoute[] = []) {
  const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute, ...routes]) })
  const root = document.getElementById('root')
  if (!root) throw new Error('#root is missing')
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  )
}
