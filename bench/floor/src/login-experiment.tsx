// The first-load experiment's reference form: a login form with react-aria-components, in Lao
// like the site's first screen, which src/painted-apps/rac-form.ts mounts on the floor under
// the copy experiment/form-rac-painted.html draws first.
import { useState } from 'react'
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components'
import { TEXT } from './login-text'

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
