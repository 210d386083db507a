import { useState } from 'react'
import { m } from '~generated/paraglide/messages'
import { submitOnce } from '~/widgets/submit-once'
import { placeServerErrors } from '~/widgets/server-errors'
import { useLoginMutation } from '~/lib/api/players'
import { useAppForm } from '~/ui/form'
import { AccountFormEnd, AccountPage, usernameInput, usePasswordReveal } from './account-form-parts'
import {
  loginFormSchema,
  serverFieldMessage,
  accountFormValidation,
  type LoginValues,
} from './account-validation'

const FIELDS = ['username', 'password'] as const
const defaultValues: LoginValues = { username: '', password: '' }

type LoginFormProps = {
  /** What follows a successful login (refresh the session, go on); composed by the route. */
  onLoggedIn: () => Promise<void> | void
  /** Id of the heading that names the form. */
  titleId?: string
}

/**
 * Username and password. Sent once per press (no retry, spec section 7); a wrong password
 * (LOGIN_FAILED) shows above the button and keeps what was typed.
 */
export function LoginForm({ onLoggedIn, titleId }: LoginFormProps) {
  // The failed submit's error, translated when shown (a language switch re-renders it).
  const [alert, setAlert] = useState<unknown>()
  const reveal = usePasswordReveal()
  const login = useLoginMutation()

  const form = useAppForm({
    defaultValues,
    ...accountFormValidation(loginFormSchema, ['password']),
    onSubmit: async ({ value, formApi }) => {
      setAlert(undefined)
      try {
        await login.mutateAsync({ body: value })
      } catch (error) {
        setAlert(placeServerErrors(formApi, error, FIELDS, serverFieldMessage))
        return
      }
      await onLoggedIn()
    },
  })

  return (
    <form
      noValidate
      aria-labelledby={titleId}
      className="flex flex-col gap-4"
      onSubmit={submitOnce(form)}
    >
      <form.AppField name="username">{usernameInput()}</form.AppField>
      <form.AppField name="password">
        {reveal.input(m.account_password(), 'current-password')}
      </form.AppField>
      {reveal.toggle}
      <form.AppForm>
        <AccountFormEnd alert={alert} page="login" />
      </form.AppForm>
    </form>
  )
}

/** The /login page. */
export function LoginPage({ onLoggedIn }: Pick<LoginFormProps, 'onLoggedIn'>) {
  return (
    <AccountPage
      title={m.login_title()}
      form={(titleId) => <LoginForm onLoggedIn={onLoggedIn} titleId={titleId} />}
    />
  )
}
