import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '~/features/account/login-form'
import { loginSearch } from '~/lib/search-params'
import { useAfterLogin } from '~/lib/session'

export const Route = createFileRoute('/_public/login')({
  // Only a same-origin path survives as the post-login destination; anything else is dropped.
  validateSearch: loginSearch,
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect } = Route.useSearch()
  return <LoginPage onLoggedIn={useAfterLogin(redirect)} />
}
