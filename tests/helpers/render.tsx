// One place that gives each component test a fresh QueryClient, a memory router and a
// user-event instance. The API is answered by MSW: see ./api.ts.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { createQueryClient } from '~/lib/query-client'

// jsdom has no layout: the router's scroll handling would only log "not implemented".
window.scrollTo = () => undefined

const testClients = new Set<QueryClient>()

/** The app's QueryClient defaults, without waiting between retries. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient()
  testClients.add(client)
  const defaults = client.getDefaultOptions()
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } })
  return client
}

type RenderOptions = {
  queryClient?: QueryClient
  /** The URL the memory router starts at. */
  path?: string
  /** For fake timers: how user-event lets time pass between its steps. */
  advanceTimers?: (ms: number) => void
}

/**
 * Renders `ui` at every path of a memory router (so links and navigate work and can be
 * asserted on `router.state.location`), inside a fresh QueryClient.
 */
export async function renderWithProviders(ui: ReactNode, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient()
  const rootRoute = createRootRoute({ component: () => ui })
  const anyPath = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => null })
  const router = createRouter({
    routeTree: rootRoute.addChildren([anyPath]),
    history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }),
  })
  await act(() => router.load())
  // No pause between the steps of a press or a paste: the components under test answer the
  // events, not the time between them, and the pauses were most of a form test's time.
  const user = userEvent.setup({
    delay: null,
    ...(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {}),
  })
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...result, user, queryClient, router }
}

/**
 * Stops what the test's clients still do (a fetch in flight, a retry waiting) and empties
 * them, so nothing of this test sends a request into the next one (tests/setup-dom.ts).
 */
export async function disposeTestQueryClients() {
  const clients = [...testClients]
  testClients.clear()
  await Promise.all(clients.map((client) => client.cancelQueries()))
  for (const client of clients) client.clear()
}
