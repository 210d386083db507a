// The experiment's login form with native elements (src/login-experiment.tsx has the
// react-aria one): a module of its own, so a page that shows only this form loads no
// react-aria code.
import { useState, type FormEvent } from 'react'
import { TEXT } from './login-text'

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
