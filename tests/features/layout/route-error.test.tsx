import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { RouteError } from '~/features/layout/route-error'
import { renderWithProviders } from '../../helpers/render'

const reload = vi.fn()

afterEach(() => {
  sessionStorage.clear()
  reload.mockReset()
})

function renderError(error: unknown, reset = vi.fn()) {
  vi.stubGlobal('location', { ...window.location, reload })
  return renderWithProviders(
    <RouteError error={error as Error} reset={reset} info={{ componentStack: '' }} />,
  )
}

describe('RouteError', () => {
  it('shows Something went wrong! with a Show Error / Hide Error toggle', async () => {
    const user = userEvent.setup()
    await renderError(new Error('boom'))
    expect(
      screen.getByRole('heading', { name: m.error_something_went_wrong() }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: m.error_show_error() }))
    expect(screen.getByText('Error: boom')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: m.error_hide_error() }))
    expect(screen.queryByText('Error: boom')).not.toBeInTheDocument()
    expect(reload).not.toHaveBeenCalled()
  })

  it("retries by running the route's loaders again, not only by resetting the boundary", async () => {
    const reset = vi.fn()
    const { router, user } = await renderError(new Error('players info answered 503'), reset)
    const invalidate = vi.spyOn(router, 'invalidate')
    await user.click(screen.getByRole('button', { name: m.error_try_again() }))
    expect(reset).toHaveBeenCalledTimes(1)
    expect(invalidate).toHaveBeenCalledTimes(1)
  })

  it('reloads once for a chunk that failed to load, then shows the panel', async () => {
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/x.js')
    const first = await renderError(error)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('status')).toBeInTheDocument()
    first.unmount()

    await renderError(error)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(
      screen.getByRole('heading', { name: m.error_something_went_wrong() }),
    ).toBeInTheDocument()
  })
})
