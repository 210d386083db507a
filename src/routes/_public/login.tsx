import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { LoginPage } from '~/features/account/login-form'
import { safeRedirect } from '~/lib/navigation'
import { useAfterLogin } from '~/lib/session'

// Only a same-origin path survives as the post-login destination; anything else is dropped.
const searchSchema = z.object({
  redirect: z.catch(
    z.optional(
      z.pipe(
        z.string(),
        z.transform((value: string) => safeRedirect(value)),
      ),
    ),
    undefined,
  ),
})

export const Route = createFileRoute('/_public/login')({
  validateSearch: searchSchema,
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect } = Route.useSearch()
  return <LoginPage onLoggedIn={useAfterLogin(redirect)} />
}
