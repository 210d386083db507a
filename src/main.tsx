import '~/lib/zod-config'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { fetchClient } from '~/lib/api/client'
import { playerInfoQueryOptions } from '~/lib/api/players'
import { loadFirstScreenFonts } from '~/lib/first-fonts'
import { applyDocumentLanguage, getLocale, loadCurrentMessages } from '~/lib/locale'
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

async function start() {
  installChunkErrorReload()
  // The language in use only; the others load when the player switches (issue 19).
  const messages = loadCurrentMessages()
  loadFirstScreenFonts(getLocale())
  if (withMockPrefer) {
    const { installMockPrefer } = await import('~/lib/mock-prefer')
    installMockPrefer(fetchClient)
  }
  // Paraglide resolves the stored choice (an unknown value falls back to lo and is
  // overwritten), so <html lang> is right before the first paint.
  applyDocumentLanguage()
  const queryClient = createQueryClient()
  // The two calls every first load makes, asked for now (issue 19), in parallel and while the
  // messages load: the router would ask for the session in a guard, and only then, in the
  // root's loader, for agency info.
  void queryClient.prefetchQuery(agencyInfoQueryOptions())
  void queryClient.prefetchQuery(playerInfoQueryOptions())
  const router = createAppRouter(queryClient)
  installUnauthorizedRedirect(router, queryClient)
  await messages
  const root = document.getElementById('root')
  if (!root) throw new Error('#root is missing from index.html')
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  )
}

void start()
