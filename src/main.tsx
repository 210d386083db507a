import '~/lib/zod-config'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { installUnauthorizedRedirect } from '~/features/session/unauthorized'
import { fetchClient } from '~/lib/api-client'
import { applyDocumentLanguage } from '~/lib/locale'
import { createQueryClient } from '~/lib/query-client'
import { installChunkErrorReload } from '~/lib/reload-on-chunk-error'
import { createAppRouter } from '~/router'
import './styles.css'

async function start() {
  if (import.meta.env.DEV) {
    // Dev-only mock scenario picker; the production bundle never contains it.
    const { installMockPrefer } = await import('~/lib/mock-prefer')
    installMockPrefer(fetchClient)
  }
  installUnauthorizedRedirect()
  installChunkErrorReload()
  // Paraglide resolves the stored choice (an unknown value falls back to lo and is
  // overwritten), so <html lang> is right before the first paint.
  applyDocumentLanguage()
  const queryClient = createQueryClient()
  const router = createAppRouter(queryClient)
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
