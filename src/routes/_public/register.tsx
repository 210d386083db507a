import { createFileRoute } from '@tanstack/react-router'
import { RegisterPage } from '~/features/account/register-form'
import { useAfterLogin } from '~/lib/session'

export const Route = createFileRoute('/_public/register')({
  component: RegisterRoute,
})

/** A registered player is logged in (the server set the session cookie). */
function RegisterRoute() {
  return <RegisterPage onRegistered={useAfterLogin()} />
}
