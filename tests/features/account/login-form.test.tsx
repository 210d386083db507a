import { byPath, jsonResponse, renderWithProviders, stubFetch } from '../../helpers/render'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { LoginPage } from '~/features/account/login-form'
import { exampleOf } from '../../contract/spec'

const loginOk = exampleOf('loginPlayer', '200')
const loginFailed = exampleOf('loginPlayer', '400', 'LOGIN_FAILED')
const validationFailed = exampleOf('loginPlayer', '400', 'VALIDATION_FAILED')

async function setup(answer: () => Response) {
  const fetch = stubFetch(byPath({ '/v2/players/login': answer }))
  const onLoggedIn = vi.fn()
  const view = await renderWithProviders(<LoginPage onLoggedIn={onLoggedIn} />, { path: '/login' })
  const username = screen.getByRole('textbox', { name: m.account_username() })
  const password = screen.getByLabelText(m.account_password())
  const submit = screen.getByRole('button', { name: m.login_submit() })
  return { ...view, fetch, onLoggedIn, username, password, submit }
}

describe('LoginForm', () => {
  it('sends username and password once, then hands over to the route', async () => {
    const { user, fetch, onLoggedIn, username, password, submit } = await setup(() =>
      jsonResponse(loginOk),
    )
    await user.type(username, 'souksavanh88')
    await user.type(password, 'correct-horse-8')
    await user.click(submit)

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1))
    const sent = fetch.to('/v2/players/login')
    expect(sent).toHaveLength(1)
    expect(sent[0]?.method).toBe('POST')
    expect(await sent[0]?.json()).toEqual({ username: 'souksavanh88', password: 'correct-horse-8' })
  })

  it('shows LOGIN_FAILED near the form and keeps what was typed (no retry)', async () => {
    const { user, fetch, onLoggedIn, username, password, submit } = await setup(() =>
      jsonResponse(loginFailed, 400),
    )
    await user.type(username, 'souksavanh88')
    await user.type(password, 'wrong-password')
    await user.click(submit)

    expect(await screen.findByRole('alert')).toHaveTextContent(m.errors_login_failed())
    expect(username).toHaveValue('souksavanh88')
    expect(fetch.to('/v2/players/login')).toHaveLength(1)
    expect(onLoggedIn).not.toHaveBeenCalled()
  })

  it('puts VALIDATION_FAILED fields[] at their fields', async () => {
    const { user, username, password, submit } = await setup(() =>
      jsonResponse(validationFailed, 400),
    )
    // Valid for the client, refused by the server (e.g. a rule changed on the server side).
    await user.type(username, 'souksavanh88')
    await user.type(password, 'correct-horse-8')
    await user.click(submit)

    await waitFor(() => expect(username).toHaveAccessibleDescription(/.+/))
    expect(username).toBeInvalid()
    expect(password).toBeInvalid()
    expect(screen.getByText(m.password_validation_please_enter_password())).toBeVisible()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('refuses bad input at the fields and sends nothing', async () => {
    const { user, fetch, username, submit } = await setup(() => jsonResponse(loginOk))
    await user.type(username, 'Bad Name!')
    await user.click(submit)

    expect(await screen.findByText(m.account_validation_username_pattern())).toBeVisible()
    expect(screen.getByText(m.password_validation_please_enter_password())).toBeVisible()
    expect(fetch.requests).toHaveLength(0)
  })

  it('ignores a second press while the first request runs', async () => {
    let release: (response: Response) => void = () => {}
    const { user, fetch, username, password, submit } = await setup(
      () => new Promise<Response>((resolve) => (release = resolve)) as unknown as Response,
    )
    await user.type(username, 'souksavanh88')
    await user.type(password, 'correct-horse-8')
    await user.dblClick(submit)
    await user.click(submit)

    await waitFor(() => expect(fetch.to('/v2/players/login')).toHaveLength(1))
    release(jsonResponse(loginOk))
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-disabled'))
    expect(fetch.to('/v2/players/login')).toHaveLength(1)
  })
})
