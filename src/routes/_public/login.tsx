import { createFileRoute } from '@tanstack/react-router'
import { safeRedirect } from '~/features/session/redirect'

type LoginSearch = { redirect?: string }

export const Route = createFileRoute('/_public/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: safeRedirect(search.redirect),
  }),
})
