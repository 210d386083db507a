import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { m } from '~generated/paraglide/messages'
import { ServerAlert } from '~/domain/server-alert'
import { placeServerErrors } from '~/domain/server-errors'
import { useRegisterMutation } from '~/lib/api/players'
import { useRetryAfter } from '~/lib/retry-after'
import { links } from '~/lib/navigation'
import { submitOnce, submitThenChange, useAppForm, zodFormValidator } from '~/ui/form'
import { PasswordRevealToggle } from '~/ui/password-field'
import {
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  registerFormSchema,
  serverFieldMessage,
  translateAccountIssue,
  type RegisterValues,
} from './account-validation'
import { getVisitorId } from './fingerprint'
import {
  checkUsernameAvailable,
  USERNAME_CHECK_DEBOUNCE_MS,
  useUsernameStatus,
} from './username-availability'

const FIELDS = ['username', 'password', 'confirmPassword'] as const
const defaultValues: RegisterValues = { username: '', password: '', confirmPassword: '' }

function UsernameHint({ username, isValidating }: { username: string; isValidating: boolean }) {
  const status = useUsernameStatus(username, isValidating)
  return (
    <span aria-live="polite">
      {status === 'checking'
        ? m.register_username_checking()
        : status === 'available'
          ? m.register_username_available()
          : m.register_username_hint({ min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH })}
    </span>
  )
}

type RegisterFormProps = {
  /** What follows a successful registration (the player is logged in); composed by the route. */
  onRegistered: () => Promise<void> | void
  titleId?: string
}

/**
 * Username (checked with the server while typing), password and its confirmation. The
 * browser fingerprint goes in the body and the X-Fingerprint header (spec section 3).
 */
export function RegisterForm({ onRegistered, titleId }: RegisterFormProps) {
  // The failed submit's error, translated when shown (a language switch re-renders it).
  const [alert, setAlert] = useState<unknown>()
  // A 429's Retry-After: counted down in the alert, the submit disabled meanwhile.
  const secondsLeft = useRetryAfter(alert)
  const [revealed, setRevealed] = useState(false)
  const queryClient = useQueryClient()
  const register = useRegisterMutation()

  const form = useAppForm({
    defaultValues,
    validationLogic: submitThenChange(),
    validators: {
      onDynamic: zodFormValidator(registerFormSchema, (issue, values) =>
        translateAccountIssue(issue, values, {
          requiredPasswordFields: ['password', 'confirmPassword'],
        }),
      ),
    },
    onSubmit: async ({ value, formApi }) => {
      setAlert(undefined)
      try {
        const fingerprint = await getVisitorId()
        await register.mutateAsync({
          body: { ...value, fingerprint },
          params: { header: { 'X-Fingerprint': fingerprint } },
        })
      } catch (error) {
        setAlert(placeServerErrors(formApi, error, FIELDS, serverFieldMessage))
        return
      }
      await onRegistered()
    },
  })

  return (
    <form
      noValidate
      aria-labelledby={titleId}
      className="flex flex-col gap-4"
      onSubmit={submitOnce(form)}
    >
      <form.AppField
        name="username"
        validators={{
          onChangeAsync: checkUsernameAvailable(queryClient),
          onChangeAsyncDebounceMs: USERNAME_CHECK_DEBOUNCE_MS,
        }}
      >
        {(field) => (
          <field.TextField
            label={m.account_username()}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck="false"
            description={
              <UsernameHint
                username={field.state.value}
                isValidating={field.state.meta.isValidating}
              />
            }
          />
        )}
      </form.AppField>
      <form.AppField name="password">
        {(field) => (
          <field.PasswordField
            label={m.account_password()}
            autoComplete="new-password"
            isRevealed={revealed}
          />
        )}
      </form.AppField>
      <form.AppField name="confirmPassword">
        {(field) => (
          <field.PasswordField
            label={m.account_confirm_password()}
            autoComplete="new-password"
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
        <form.SubmitButton isDisabled={secondsLeft > 0}>{m.register_submit()}</form.SubmitButton>
      </form.AppForm>
      <p className="text-center text-sm text-ink-muted">
        {m.register_have_account()}{' '}
        <Link
          {...links.login}
          className="font-semibold text-accent underline-offset-4 hover:underline"
        >
          {m.register_login_link()}
        </Link>
      </p>
    </form>
  )
}

/** The /register page. */
export function RegisterPage({ onRegistered }: Pick<RegisterFormProps, 'onRegistered'>) {
  const titleId = useId()
  return (
    <div className="mx-auto w-full max-w-md space-y-6 p-6">
      <h1 id={titleId} className="text-2xl font-bold">
        {m.register_title()}
      </h1>
      <RegisterForm onRegistered={onRegistered} titleId={titleId} />
    </div>
  )
}
