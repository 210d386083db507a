import { Link, type LinkOptions } from '@tanstack/react-router'
import { useId, useState, type ReactNode } from 'react'
import { m } from '~generated/paraglide/messages'
import { ServerAlert } from '~/widgets/server-alert'
import { useRetryAfter } from '~/lib/retry-after'
import { links } from '~/lib/navigation'
import type { FormPasswordField, FormTextField } from '~/ui/form-fields'
import { SubmitButton } from '~/ui/form-fields'
import { PasswordRevealToggle } from '~/ui/password-field'

// What the account forms (login, register, change password) and their pages share.

type UsernameAppField = {
  TextField: typeof FormTextField
  state: { value: string; meta: { isValidating: boolean } }
}

/** The children of the username `form.AppField`, with what `describe` says under it. */
export function usernameInput(describe?: (field: UsernameAppField) => ReactNode) {
  return function UsernameInput(field: UsernameAppField) {
    return (
      <field.TextField
        label={m.account_username()}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck="false"
        description={describe?.(field)}
      />
    )
  }
}

type PasswordAutoComplete = 'current-password' | 'new-password'
type PasswordAppField = { PasswordField: typeof FormPasswordField }

/**
 * The form's password fields, shown or hidden together by one toggle: `input(label, auto)` is
 * the children of a password `form.AppField`, `toggle` goes after the last of them.
 */
export function usePasswordReveal() {
  const [revealed, setRevealed] = useState(false)
  return {
    input: (label: string, autoComplete: PasswordAutoComplete) =>
      function PasswordInput(field: PasswordAppField) {
        return (
          <field.PasswordField label={label} autoComplete={autoComplete} isRevealed={revealed} />
        )
      },
    toggle: (
      <PasswordRevealToggle
        label={m.password_show()}
        isSelected={revealed}
        onChange={setRevealed}
      />
    ),
  }
}

const ENDS = {
  login: {
    submit: () => m.login_submit(),
    question: () => m.login_no_account(),
    link: links.register,
    linkText: () => m.login_register_link(),
  },
  register: {
    submit: () => m.register_submit(),
    question: () => m.register_have_account(),
    link: links.login,
    linkText: () => m.register_login_link(),
  },
} satisfies Record<string, { link: LinkOptions } & Record<string, unknown>>

/**
 * The end of the login or register form, inside `form.AppForm`: the failure (a 429's wait
 * counted down, the submit off meanwhile), the submit, and the way to the other page.
 */
export function AccountFormEnd({ alert, page }: { alert: unknown; page: keyof typeof ENDS }) {
  const { submit, question, link, linkText } = ENDS[page]
  // A 429's Retry-After: counted down in the alert, the submit disabled meanwhile.
  const secondsLeft = useRetryAfter(alert)
  return (
    <>
      <ServerAlert error={alert} secondsLeft={secondsLeft} />
      <SubmitButton isDisabled={secondsLeft > 0}>{submit()}</SubmitButton>
      <p className="text-center text-sm text-ink-muted">
        {question()}{' '}
        <Link {...link} className="font-semibold text-accent underline-offset-4 hover:underline">
          {linkText()}
        </Link>
      </p>
    </>
  )
}

/** The /login and /register page: a heading that names the form the page renders with its id. */
export function AccountPage({
  title,
  form,
}: {
  title: string
  form: (titleId: string) => ReactNode
}) {
  const titleId = useId()
  return (
    <div className="mx-auto w-full max-w-md space-y-6 p-6">
      <h1 id={titleId} className="text-2xl font-bold">
        {title}
      </h1>
      {form(titleId)}
    </div>
  )
}
