import { renderWithProviders } from '../../helpers/render'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { LoginPage } from '~/features/account/login-form'
import { example, http, mockApi } from '../../helpers/api'

const loginOk = example('loginPlayer', 200)
const loginFailed = example('loginPlayer', 400, 'LOGIN_FAILED')
const validationFailed = example('loginPlayer', 400, 'VALIDATION_FAILED')

type Login = Parameters<typeof http.post<'/v2/players/login'>>[1]

async function setup(answer: Login) {
  const fetch = mockApi(http.post('/v2/players/login', answer))
  const onLoggedIn = vi.fn()
  const view = await renderWithProviders(<LoginPage onLoggedIn={onLoggedIn} />, { path: '/login' })
  const username = screen.getByRole('textbox', { name: m.account_username() })
  const password = screen.getByLabelText(m.account_password())
  const submit = screen.getByRole('button', { name: m.login_submit() })
  return { ...view, fetch, onLoggedIn, username, password, submit }
}

describe('LoginForm', () => {
  it('sends username and password once, then hands over to the route', async () => {
    const { user, fetch, onLoggedIn, username, password, submit } = await setup(({ response }) =>
      response(200).json(loginOk),
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
    const { user, fetch, onLoggedIn, username, password, submit } = await setup(({ response }) =>
      response(400).json(loginFailed),
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
    const { user, username, password, submit } = await setup(({ response }) =>
      response(400).json(validationFailed),
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
    const { user, fetch, username, submit } = await setup(({ response }) =>
      response(200).json(loginOk),
    )
    await user.type(username, 'Bad Name!')
    await user.click(submit)

    expect(await screen.findByText(m.account_validation_username_pattern())).toBeVisible()
    expect(screen.getByText(m.password_validation_please_enter_password())).toBeVisible()
    expect(fetch.requests).toHaveLength(0)
  })

  it('ignores a second press while the first request runs', async () => {
    let release = () => {}
    const { user, fetch, username, password, submit } = await setup(async ({ response }) => {
      await new Promise<void>((resolve) => (release = resolve))
      return response(200).json(loginOk)
    })
    await user.type(username, 'souksavanh88')
    await user.type(password, 'correct-horse-8')
    await user.dblClick(submit)
    await user.click(submit)

    await waitFor(() => expect(fetch.to('/v2/players/login')).toHaveLength(1))
    release()
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-disabled'))
    expect(fetch.to('/v2/players/login')).toHaveLength(1)
  })
})
