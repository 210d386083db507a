// Issue 19's measured experiment: the floor plus only a login form, once with
// react-aria-components and once with the same native elements, in Lao like the site's first
// screen (src/experiment.tsx mounts both as routes of the floor app, built on its own).
// The bench prints both rows beside the floor: the difference between the two forms is what
// react-aria-components costs a first screen, the difference
// between the native form and the floor is what a Lao form costs any stack.
import { useLayoutEffect, useState, type FormEvent } from 'react'
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components'

// The site's texts (messages/lo.json): login_title, account_username, account_password.
const TEXT = {
  title: 'ເຂົ້າສູ່ລະບົບ',
  username: 'ຊື່ຜູ້ໃຊ້',
  password: 'ລະຫັດຜ່ານ',
  submit: 'ເຂົ້າສູ່ລະບົບ',
}

export function RacLoginForm() {
  const [sent, setSent] = useState(false)
  return (
    <main lang="lo">
      <h1>{TEXT.title}</h1>
      <Form onSubmit={(event) => (event.preventDefault(), setSent(true))}>
        <TextField name="username" isRequired minLength={4} autoComplete="username">
          <Label>{TEXT.username}</Label>
          <Input />
          <FieldError />
        </TextField>
        <TextField name="password" type="password" isRequired autoComplete="current-password">
          <Label>{TEXT.password}</Label>
          <Input />
          <FieldError />
        </TextField>
        <Button type="submit">{TEXT.submit}</Button>
        {sent && <p role="status">{TEXT.submit}</p>}
      </Form>
    </main>
  )
}

export function NativeLoginForm() {
  const [sent, setSent] = useState(false)
  const submit = (event: FormEvent) => (event.preventDefault(), setSent(true))
  return (
    <main lang="lo">
      <h1>{TEXT.title}</h1>
      <form onSubmit={submit}>
        <label>
          {TEXT.username}
          <input name="username" required minLength={4} autoComplete="username" />
        </label>
        <label>
          {TEXT.password}
          <input name="password" type="password" required autoComplete="current-password" />
        </label>
        <button type="submit">{TEXT.submit}</button>
        {sent && <p role="status">{TEXT.submit}</p>}
      </form>
    </main>
  )
}

/**
 * The react-aria form over the same form drawn by the HTML (experiment/form-rac-painted.html):
 * the HTML's copy goes in the commit that draws the app's, as the site's shell does
 * (src/features/layout/html-shell.ts). What painting before any script costs the timing goals
 * that count from the first paint (TBT).
 */
export function PaintedRacLoginForm() {
  useLayoutEffect(() => document.getElementById('html-shell')?.remove(), [])
  return <RacLoginForm />
}
