import { renderWithProviders } from '../../helpers/render'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { LoginPage } from '~/features/account/login-form'
import { example, http, mockApi, rateLimited, RETRY_AFTER_EXAMPLE } from '../../helpers/api'

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

describe('LoginForm: 429 RATE_LIMITED with Retry-After', () => {
  // Only the countdown's clock is fake: user-event, React and Testing Library keep real time.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

  it('counts the wait down with the button disabled, says start and end only, then sends again', async () => {
    let calls = 0
    const { user, fetch, onLoggedIn, username, password, submit } = await setup(({ response }) =>
      ++calls === 1 ? response.untyped(rateLimited('loginPlayer')) : response(200).json(loginOk),
    )
    const wait = RETRY_AFTER_EXAMPLE
    expect(wait).toBeGreaterThan(2)
    await user.type(username, 'souksavanh88')
    await user.type(password, 'correct-horse-8')
    await user.click(submit)

    const start = m.errors_rate_limited_wait({ seconds: wait })
    expect(await screen.findByRole('status')).toHaveTextContent(start)
    expect(screen.getByText(start, { ignore: '[role=status]' })).toBeVisible()
    expect(submit).toBeDisabled()

    await tick(1000)
    expect(
      screen.getByText(m.errors_rate_limited_wait({ seconds: wait - 1 }), {
        ignore: '[role=status]',
      }),
    ).toBeVisible()
    // The live region is not re-announced every second.
    expect(screen.getByRole('status')).toHaveTextContent(start)
    expect(submit).toBeDisabled()
    // Enter in a field does not submit past the disabled button either.
    await user.type(password, '{Enter}')
    expect(fetch.to('/v2/players/login')).toHaveLength(1)

    await tick((wait - 2) * 1000)
    expect(submit).toBeDisabled()
    await tick(1000)
    expect(screen.getByRole('status')).toHaveTextContent(m.errors_rate_limited_over())
    expect(submit).toBeEnabled()

    await user.click(submit)
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1))
    expect(fetch.to('/v2/players/login')).toHaveLength(2)
  })

  it('without a Retry-After header it says "wait a moment" and leaves the button on', async () => {
    const body = example('loginPlayer', 429, 'RATE_LIMITED')
    const { user, username, password, submit } = await setup(({ response }) =>
      response(429).json(body),
    )
    await user.type(username, 'souksavanh88')
    await user.type(password, 'correct-horse-8')
    await user.click(submit)
    expect(await screen.findByRole('alert')).toHaveTextContent(m.errors_rate_limited())
    expect(submit).toBeEnabled()
  })
})
