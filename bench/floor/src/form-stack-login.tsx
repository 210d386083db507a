// The first-load experiment's form as the goals let /login have it: the react-aria form of
// src/login-experiment.tsx with TanStack Form holding its state and a zod (mini) schema of the
// contract's bounds checking it, as the site's forms do (src/ui/form.ts, "Form and zod only on
// pages with a form"). No stylesheet, fonts, layout, router tree, messages module or calls of
// the site: what /login's form stack adds to the reference, and nothing else.
import { useForm } from '@tanstack/react-form'
import { useState } from 'react'
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components'
import * as z from 'zod/mini'
import { Password, Username } from '../../../generated/api/rules'
import { TEXT } from './login-text'
import { fill, firstError } from './texts'

/**
 * The site's Lao messages for these rules (messages/lo.json), copied as the deposit judge's are
 * (src/deposit-calls-page.tsx; tests/bench/deposit-calls.test.ts holds them equal).
 */
export const MESSAGES = {
  account_validation_username_length: 'ຊື່ຜູ້ໃຊ້ຕ້ອງມີ {min} ຫາ {max} ຕົວອັກສອນ',
  account_validation_username_pattern:
    'ໃຊ້ໄດ້ສະເພາະຕົວອັກສອນອັງກິດໂຕນ້ອຍ (a-z), ຕົວເລກ, ຂີດກາງ (-) ແລະ ຂີດກ້ອງ (_)',
  password_validation_password_must_greater_than: 'ລະຫັດຜ່ານຕ້ອງມີຢ່າງໜ້ອຍ {value} ຕົວອັກສອນ',
  password_validation_password_too_long: 'ລະຫັດຜ່ານຕ້ອງມີບໍ່ເກີນ {value} ຕົວອັກສອນ',
}
const M = MESSAGES
// Their numbers from the contract.
const ERRORS = {
  usernameLength: fill(M.account_validation_username_length, {
    min: Username.minLength,
    max: Username.maxLength,
  }),
  usernamePattern: M.account_validation_username_pattern,
  passwordShort: fill(M.password_validation_password_must_greater_than, {
    value: Password.minLength,
  }),
  passwordLong: fill(M.password_validation_password_too_long, { value: Password.maxLength }),
}

const schema = z.object({
  username: z
    .string()
    .check(
      z.minLength(Username.minLength, ERRORS.usernameLength),
      z.maxLength(Username.maxLength, ERRORS.usernameLength),
      z.regex(new RegExp(Username.pattern), ERRORS.usernamePattern),
    ),
  password: z
    .string()
    .check(
      z.minLength(Password.minLength, ERRORS.passwordShort),
      z.maxLength(Password.maxLength, ERRORS.passwordLong),
    ),
})

export function FormStackLoginForm() {
  const [sent, setSent] = useState(false)
  const form = useForm({
    defaultValues: { username: '', password: '' },
    validators: { onSubmit: schema },
    onSubmit: () => setSent(true),
  })
  const field = (name: 'username' | 'password', label: string, autoComplete: string) => (
    <form.Field name={name}>
      {(state) => {
        const error = firstError(state.state.meta.errors)
        return (
          <TextField
            name={name}
            type={name === 'password' ? 'password' : 'text'}
            autoComplete={autoComplete}
            value={state.state.value}
            onChange={state.handleChange}
            onBlur={state.handleBlur}
            isInvalid={error !== undefined}
          >
            <Label>{label}</Label>
            <Input />
            <FieldError>{error}</FieldError>
          </TextField>
        )
      }}
    </form.Field>
  )
  return (
    <main lang="lo">
      <h1>{TEXT.title}</h1>
      <Form
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault()
          void form.handleSubmit()
        }}
      >
        {field('username', TEXT.username, 'username')}
        {field('password', TEXT.password, 'current-password')}
        <Button type="submit">{TEXT.submit}</Button>
        {sent && <p role="status">{TEXT.submit}</p>}
      </Form>
    </main>
  )
}
