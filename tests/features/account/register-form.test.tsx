import { renderWithProviders } from '../../helpers/render'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import type * as FingerprintModule from '~/features/account/fingerprint'
import { RegisterPage } from '~/features/account/register-form'
import { USERNAME_CHECK_DEBOUNCE_MS } from '~/features/account/username-availability'
import { example, http, mockApi, rateLimited, RETRY_AFTER_EXAMPLE } from '../../helpers/api'

const VISITOR_ID = '3f9c1b7e2a6d4c58b0e1f2a3d4c5b6a7'

vi.mock('~/features/account/fingerprint', async (importOriginal) => ({
  ...(await importOriginal<typeof FingerprintModule>()),
  getVisitorId: () => Promise.resolve(VISITOR_ID),
}))

const available = example('validateUsername', 200, 'available')
const taken = example('validateUsername', 200, 'taken')
const registered = example('registerPlayer', 201)
const usernameExists = example('registerPlayer', 409, 'USERNAME_EXISTS')

async function setup(...handlers: Parameters<typeof mockApi>) {
  const fetch = mockApi(...handlers)
  const onRegistered = vi.fn()
  // With fake timers on (the username check's tests), user-event lets them move on.
  const view = await renderWithProviders(<RegisterPage onRegistered={onRegistered} />, {
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms)
    },
  })
  return {
    ...view,
    fetch,
    onRegistered,
    username: screen.getByRole('textbox', { name: m.account_username() }),
    password: screen.getByLabelText(m.account_password()),
    confirm: screen.getByLabelText(m.account_confirm_password()),
    submit: screen.getByRole('button', { name: m.register_submit() }),
  }
}

const validate = (answer: typeof available) =>
  http.post('/v2/players/username/validate', ({ response }) => response(200).json(answer))
const register = (answer: Parameters<typeof http.post<'/v2/players/register'>>[1]) =>
  http.post('/v2/players/register', answer)

/** Lets the check's debounce run out on the fake clock (no real waiting). */
const pause = (ms = USERNAME_CHECK_DEBOUNCE_MS) => act(() => vi.advanceTimersByTimeAsync(ms))

describe('RegisterForm username check', () => {
  // Fake timers drive the debounce; `shouldAdvanceTime` keeps Testing Library's polling alive.
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('asks once, after the player pauses, with the whole name', async () => {
    const { user, fetch, username } = await setup(validate(available))
    await user.type(username, available.username)

    // Nothing is asked per key, nor before the pause is over.
    expect(fetch.to('/v2/players/username/validate')).toHaveLength(0)
    expect(USERNAME_CHECK_DEBOUNCE_MS).toBeGreaterThanOrEqual(300)
    await pause(USERNAME_CHECK_DEBOUNCE_MS - 50)
    expect(fetch.to('/v2/players/username/validate')).toHaveLength(0)

    await pause(50)
    expect(await screen.findByText(m.register_username_available())).toBeVisible()
    const calls = fetch.to('/v2/players/username/validate')
    expect(calls).toHaveLength(1)
    expect(calls[0]?.method).toBe('POST')
    expect(await calls[0]?.json()).toEqual({ username: available.username })
  })

  it('shows a taken name at the field, and sends nothing on submit', async () => {
    const { user, fetch, username, password, confirm, submit } = await setup(validate(taken))
    await user.type(username, taken.username)
    await pause()
    await waitFor(() =>
      expect(username).toHaveAccessibleDescription(
        expect.stringContaining(m.register_username_taken()),
      ),
    )
    expect(username).toBeInvalid()

    await user.type(password, 'correct-horse-8')
    await user.type(confirm, 'correct-horse-8')
    await user.click(submit)
    expect(fetch.to('/v2/players/register')).toHaveLength(0)
  })

  it('does not ask about a name that breaks the rule', async () => {
    const { user, fetch, username } = await setup(validate(available))
    await user.type(username, 'Bad Name')
    await pause(USERNAME_CHECK_DEBOUNCE_MS * 2)
    // Then a good name, whose answer shows: had the bad one been asked, it would be listed.
    await user.clear(username)
    await user.type(username, available.username)
    await pause()
    expect(await screen.findByText(m.register_username_available())).toBeVisible()
    const asked = await Promise.all(
      fetch.to('/v2/players/username/validate').map((request) => request.json()),
    )
    expect(asked).toEqual([{ username: available.username }])
  })
})

describe('RegisterForm username check: 429 RATE_LIMITED with Retry-After', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  const wait = RETRY_AFTER_EXAMPLE
  const counting = (seconds: number) => m.errors_rate_limited_recheck({ seconds })

  it('counts down at the field, asks nothing meanwhile, then checks the name by itself', async () => {
    let calls = 0
    const { user, fetch, username, password, confirm, submit } = await setup(
      http.post('/v2/players/username/validate', ({ response }) =>
        ++calls === 1
          ? response.untyped(rateLimited('validateUsername'))
          : response(200).json(available),
      ),
    )
    expect(wait).toBeGreaterThan(3)
    const asked = () => fetch.to('/v2/players/username/validate')
    await user.type(username, 'souksavanh')
    await pause()

    // The count shown at the field (the fake clock also moves with real time: read, not guessed).
    const shown = () => {
      const text = username.getAttribute('aria-describedby')?.split(' ')
      const description = (text ?? [])
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ')
      return [...Array(wait + 1).keys()].find((n) => n > 0 && description.includes(counting(n)))
    }
    await waitFor(() => expect(shown()).toBeDefined())
    const first = shown()!
    expect(username).toBeInvalid()
    // A screen reader hears the wait once, not every second.
    expect(screen.getByRole('status')).toHaveTextContent(counting(wait))
    await pause(1000)
    expect(shown()).toBeLessThan(first)
    expect(screen.getByRole('status')).toHaveTextContent(counting(wait))

    // Typing on (the name the player meant) and a submit ask nothing before Retry-After.
    await user.type(username, '88')
    await pause()
    await user.type(password, 'correct-horse-8')
    await user.type(confirm, 'correct-horse-8')
    await user.click(submit)
    await pause((wait - 4) * 1000)
    expect(asked()).toHaveLength(1)
    expect(fetch.to('/v2/players/register')).toHaveLength(0)
    expect(shown()).toBeDefined()

    // The wait over, the name now in the field is checked without the player doing anything.
    await pause(3000)
    expect(await screen.findByText(m.register_username_available())).toBeVisible()
    expect(asked()).toHaveLength(2)
    expect(await asked()[1]?.json()).toEqual({ username: 'souksavanh88' })
    expect(username).toBeValid()
    expect(screen.queryByRole('status')).toBeNull()
  })
})

describe('RegisterForm submit', () => {
  it('sends the fingerprint in the body and the X-Fingerprint header', async () => {
    const { user, fetch, onRegistered, username, password, confirm, submit } = await setup(
      validate(available),
      register(({ response }) => response(201).json(registered)),
    )
    await user.type(username, available.username)
    await user.type(password, 'correct-horse-8')
    await user.type(confirm, 'correct-horse-8')
    await user.click(submit)

    await waitFor(() => expect(onRegistered).toHaveBeenCalledTimes(1))
    const [request] = fetch.to('/v2/players/register')
    expect(request?.headers.get('X-Fingerprint')).toBe(VISITOR_ID)
    expect(await request?.json()).toEqual({
      username: available.username,
      password: 'correct-horse-8',
      confirmPassword: 'correct-horse-8',
      fingerprint: VISITOR_ID,
    })
  })

  it('a different confirmation stays in the browser', async () => {
    const { user, fetch, password, confirm, submit } = await setup()
    await user.type(password, 'correct-horse-8')
    await user.type(confirm, 'correct-horse-9')
    await user.click(submit)
    await waitFor(() =>
      expect(confirm).toHaveAccessibleDescription(m.password_validation_password_not_match()),
    )
    expect(fetch.to('/v2/players/register')).toHaveLength(0)
  })

  it('shows USERNAME_EXISTS at the username field', async () => {
    const { user, username, password, confirm, submit } = await setup(
      validate(available),
      register(({ response }) => response(409).json(usernameExists)),
    )
    await user.type(username, available.username)
    await user.type(password, 'correct-horse-8')
    await user.type(confirm, 'correct-horse-8')
    await user.click(submit)

    await waitFor(() =>
      expect(username).toHaveAccessibleDescription(
        expect.stringContaining(m.errors_username_exists()),
      ),
    )
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
