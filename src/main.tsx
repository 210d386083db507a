import '~/lib/zod-config'
// Before anything that imports react-aria: its modules read the page's locale as they run.
import '~/lib/stated-locale'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { fetchClient } from '~/lib/api/client'
import { adoptFirstCalls } from '~/lib/api/first-calls'
import { yieldToMain } from '~/lib/idle'
import { playerInfoQueryOptions } from '~/lib/api/players'
import { loadCurrentMessages } from '~/lib/locale'
import { createQueryClient } from '~/lib/query-client'
import { installChunkErrorReload } from '~/lib/reload-on-chunk-error'
import { installUnauthorizedRedirect } from '~/lib/session'
import { createAppRouter } from '~/router'
import './styles.css'

/**
 * The mock scenario picker is for the dev server and for the e2e build (`vite build --mode
 * e2e`). Both conditions are constants at build time, so a production build drops the
 * import and its chunk (`npm run size` checks that).
 */
const withMockPrefer = import.meta.env.DEV || import.meta.env.MODE === 'e2e'

/**
 * How long the first render waits for the page's data: the router's own default wait before
 * it shows a pending page (`defaultPendingMs`), so a first load and a navigation agree.
 */
const FIRST_RENDER_WAIT_MS = 1_000

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

async function start() {
  // Evaluating the entry's modules is one task; starting the app is the next (on
  // the bench's phone each task over 50 ms blocks, and the two together were one of 40-60 ms
  // at full speed). The page's calls are already out (the preload script started them).
  await yieldToMain()
  // The calls the preload script started for this page: the client takes their answers.
  adoptFirstCalls()
  installChunkErrorReload()
  // The language in use only; the others load when the player switches.
  // Its web fonts are already on their way (preloaded with the page, config/preload-first-page.ts).
  const messages = loadCurrentMessages()
  if (withMockPrefer) {
    const { installMockPrefer } = await import('~/dev/mock-prefer')
    installMockPrefer(fetchClient)
  }
  const queryClient = createQueryClient()
  // The two calls every first load makes, asked for now, in parallel and while the
  // messages load: the router would ask for the session in a guard, and only then, in the
  // root's loader, for agency info.
  void queryClient.prefetchQuery(agencyInfoQueryOptions())
  void queryClient.prefetchQuery(playerInfoQueryOptions())
  // The requests are out: the browser gets a turn before the router is built, so evaluating
  // the entry and starting the app are two tasks, not one long one.
  await yieldToMain()
  const router = createAppRouter(queryClient)
  installUnauthorizedRedirect(router, queryClient)
  // Building the router (its history, the route tree) and matching the page are two tasks.
  await yieldToMain()
  await messages
  // The page is matched and loaded before the first render (its chunks are already on their
  // way, src/preload.ts, and its calls were asked for above), so that render
  // draws the whole page in a transition, in slices. Rendered first and loaded after, the
  // page arrived through the router's store, which React renders synchronously: the whole
  // page in one task of 300-390 ms in a 4x CPU profile. The
  // Transitioner sees the location already loaded and does not load it again.
  // The wait is bounded: on a slow or failing line the layout and the page's own loading
  // state (announced to screen readers) draw after FIRST_RENDER_WAIT_MS instead of the
  // HTML's bare ring, and the load goes on under them.
  await Promise.race([router.load().catch(() => undefined), delay(FIRST_RENDER_WAIT_MS)])
  const root = document.getElementById('root')
  if (!root) throw new Error('#root is missing from index.html')
  const reactRoot = createRoot(root)
  // In a transition React renders the first tree in slices that leave the browser turns
  // between them, instead of in one long task (seen in a 4x CPU profile).
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  )
}

void start()
