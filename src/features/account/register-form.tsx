import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { m } from '~generated/paraglide/messages'
import { submitOnce } from '~/widgets/submit-once'
import { RateLimitedCheckStatus, useRateLimitedCheck } from '~/widgets/rate-limited-check'
import { placeServerErrors } from '~/widgets/server-errors'
import { useRegisterMutation } from '~/lib/api/players'
import { useAppForm } from '~/ui/form'
import { AccountFormEnd, AccountPage, usernameInput, usePasswordReveal } from './account-form-parts'
import {
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  registerFormSchema,
  serverFieldMessage,
  accountFormValidation,
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
  const reveal = usePasswordReveal()
  const queryClient = useQueryClient()
  const register = useRegisterMutation()
  // A 429 of the username check: counted down at the field, then the name is checked again.
  const usernameLimit = useRateLimitedCheck()

  const form = useAppForm({
    defaultValues,
    ...accountFormValidation(registerFormSchema, ['password', 'confirmPassword']),
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
          onChangeAsync: checkUsernameAvailable(queryClient, usernameLimit),
          onChangeAsyncDebounceMs: USERNAME_CHECK_DEBOUNCE_MS,
        }}
      >
        {usernameInput((field) => (
          <UsernameHint username={field.state.value} isValidating={field.state.meta.isValidating} />
        ))}
      </form.AppField>
      <RateLimitedCheckStatus
        check={usernameLimit}
        recheck={() => void form.validateField('username', 'change')}
      />
      <form.AppField name="password">
        {reveal.input(m.account_password(), 'new-password')}
      </form.AppField>
      <form.AppField name="confirmPassword">
        {reveal.input(m.account_confirm_password(), 'new-password')}
      </form.AppField>
      {reveal.toggle}
      <form.AppForm>
        <AccountFormEnd alert={alert} page="register" />
      </form.AppForm>
    </form>
  )
}

/** The /register page. */
export function RegisterPage({ onRegistered }: Pick<RegisterFormProps, 'onRegistered'>) {
  return (
    <AccountPage
      title={m.register_title()}
      form={(titleId) => <RegisterForm onRegistered={onRegistered} titleId={titleId} />}
    />
  )
}
