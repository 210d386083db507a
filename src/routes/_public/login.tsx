import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '~/features/account/login-form'
import { safeRedirect } from '~/features/session/redirect'
import { useAfterLogin } from '~/features/session/session'

type LoginSearch = { redirect?: string }

export const Route = createFileRoute('/_public/login')({
  // Only a same-origin path survives as the post-login destination.
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: safeRedirect(search.redirect),
  }),
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect } = Route.useSearch()
  return <LoginPage onLoggedIn={useAfterLogin(redirect)} />
}
