import '~/lib/zod-config'
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { operations } from '~generated/api/operations'
import type { components } from '~generated/api/schema'
import { loadMessages } from '~generated/paraglide/catalogue'
import { baseLocale } from '~/lib/locale'
import { createQueryClient } from '~/lib/query-client'
import { createAppRouter } from '~/router'

/**
 * The build's prerender of the visitor pages (config/prerender-pages.ts): the app's
 * own first screen of `path` in the base language, as a visitor sees it before agency info has
 * arrived (its parts hold their place, as in the app's first draw), rendered by the real
 * components. Runs in Node at build time, through Vite's SSR module loading.
 */
export async function renderPage(path: string): Promise<string> {
  await loadMessages(baseLocale)
  const saved = globalThis.fetch
  globalThis.fetch = visitorFetch
  const queryClient = createQueryClient()
  try {
    const router = createAppRouter(queryClient, {
      history: createMemoryHistory({ initialEntries: [path] }),
    })
    await router.load()
    return renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
      // The app's own ids (react-aria labels) are drawn beside these until the hand-over.
      { identifierPrefix: 'prerender-' },
    )
  } finally {
    await queryClient.cancelQueries()
    queryClient.clear()
    globalThis.fetch = saved
  }
}

/**
 * What a visitor's first load knows: no session (players info answers 401) and no agency info
 * yet (the call never answers here, so the layout keeps its placeholders).
 */
async function visitorFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input))
  if (url.pathname.endsWith(operations.getPlayerInfo.path)) {
    const body: components['schemas']['UnauthorizedError'] = {
      code: 'UNAUTHORIZED',
      message: 'No session at build time.',
      requestId: 'prerender',
    }
    return Response.json(body, { status: 401 })
  }
  const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined)
  return new Promise((_, reject) =>
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
  )
}
