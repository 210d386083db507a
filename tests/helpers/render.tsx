// One place that gives each component test a fresh QueryClient, a memory router and a
// user-event instance, plus fetch stubbing that records what was sent.
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
import { afterEach, vi } from 'vitest'
import { createQueryClient } from '~/lib/query-client'

afterEach(() => {
  vi.unstubAllGlobals()
})

// jsdom has no layout: the router's scroll handling would only log "not implemented".
window.scrollTo = () => undefined

/** The app's QueryClient defaults, without waiting between retries. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient()
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
  const user = userEvent.setup(
    options.advanceTimers ? { advanceTimers: options.advanceTimers } : {},
  )
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...result, user, queryClient, router }
}

/** A JSON response as the API sends it. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

type Handler = (request: Request) => Response | Promise<Response>

/**
 * Stubs global fetch for this test. Every request is recorded (cloned, so its body can be
 * read) and answered by `handler`.
 */
export function stubFetch(handler: Handler) {
  const requests: Request[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    requests.push(request.clone())
    return handler(request)
  })
  vi.stubGlobal('fetch', fetchMock)
  return {
    requests,
    /** The recorded requests to one API path (`/v2/players/login`). */
    to: (path: string) => requests.filter((r) => new URL(r.url).pathname === `/api${path}`),
  }
}

/** Routes a stub by API path; unknown paths answer 404 so a stray call shows up. */
export function byPath(routes: Record<string, Handler>): Handler {
  return (request) => {
    const path = new URL(request.url).pathname.replace(/^\/api/, '')
    const route = routes[path]
    return route
      ? route(request)
      : jsonResponse({ code: 'UNEXPECTED_RESPONSE', message: path }, 404)
  }
}
