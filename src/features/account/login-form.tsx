import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { m } from '~generated/paraglide/messages'
import { ServerAlert } from '~/domain/server-alert'
import { placeServerErrors } from '~/domain/server-errors'
import { links } from '~/lib/navigation'
import { useLoginMutation } from '~/lib/api/players'
import { useRetryAfter } from '~/lib/retry-after'
import { submitOnce, submitThenChange, useAppForm, zodFormValidator } from '~/ui/form'
import { PasswordRevealToggle } from '~/ui/password-field'
import {
  loginFormSchema,
  serverFieldMessage,
  translateAccountIssue,
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
  // A 429's Retry-After: counted down in the alert, the submit disabled meanwhile.
  const secondsLeft = useRetryAfter(alert)
  const [revealed, setRevealed] = useState(false)
  const login = useLoginMutation()

  const form = useAppForm({
    defaultValues,
    validationLogic: submitThenChange(),
    validators: {
      onDynamic: zodFormValidator(loginFormSchema, (issue, values) =>
        translateAccountIssue(issue, values, { requiredPasswordFields: ['password'] }),
      ),
    },
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
      <form.AppField name="username">
        {(field) => (
          <field.TextField
            label={m.account_username()}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck="false"
          />
        )}
      </form.AppField>
      <form.AppField name="password">
        {(field) => (
          <field.PasswordField
            label={m.account_password()}
            autoComplete="current-password"
            isRevealed={revealed}
          />
        )}
      </form.AppField>
      <PasswordRevealToggle
        label={m.password_show()}
        isSelected={revealed}
        onChange={setRevealed}
      />
      <ServerAlert error={alert} secondsLeft={secondsLeft} />
      <form.AppForm>
        <form.SubmitButton isDisabled={secondsLeft > 0}>{m.login_submit()}</form.SubmitButton>
      </form.AppForm>
      <p className="text-center text-sm text-ink-muted">
        {m.login_no_account()}{' '}
        <Link
          {...links.register}
          className="font-semibold text-accent underline-offset-4 hover:underline"
        >
          {m.login_register_link()}
        </Link>
      </p>
    </form>
  )
}

/** The /login page. */
export function LoginPage({ onLoggedIn }: Pick<LoginFormProps, 'onLoggedIn'>) {
  const titleId = useId()
  return (
    <div className="mx-auto w-full max-w-md space-y-6 p-6">
      <h1 id={titleId} className="text-2xl font-bold">
        {m.login_title()}
      </h1>
      <LoginForm onLoggedIn={onLoggedIn} titleId={titleId} />
    </div>
  )
}
