// The measured first-load experiment: the floor plus only a login form, once with
// react-aria-components and once with the same native elements, in Lao like the site's first
// screen (src/experiment.tsx mounts both as routes of the floor app, built on its own).
// The bench prints both rows beside the floor: the difference between the two forms is what
// react-aria-components costs a first screen, the difference
// between the native form and the floor is what a Lao form costs any stack.
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
