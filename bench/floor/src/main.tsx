// The floor of the first-load benchmark (bench/README.md): the bare stack the site is built
// on (React 19, TanStack Router, TanStack Query) showing one query's answer, built by the
// same Vite in the same run and served by the same preview server. The site's first-load
// JS is budgeted as a ratio of this app's, so the budget moves with the stack, not with a
// remembered number. Kept deliberately bare: anything added here lowers every ratio.
import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query'
import {
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

const rootRoute = createRootRoute({ component: () => <Outlet /> })
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home })
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]) })

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing')
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
