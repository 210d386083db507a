import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { RouteError } from '~/features/layout/route-error'

const reload = vi.fn()

afterEach(() => {
  sessionStorage.clear()
  reload.mockReset()
})

function renderError(error: unknown) {
  vi.stubGlobal('location', { ...window.location, reload })
  return render(<RouteError error={error as Error} reset={vi.fn()} info={{ componentStack: '' }} />)
}

describe('RouteError', () => {
  it('shows Something went wrong! with a Show Error / Hide Error toggle', async () => {
    const user = userEvent.setup()
    renderError(new Error('boom'))
    expect(
      screen.getByRole('heading', { name: m.error_something_went_wrong() }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: m.error_show_error() }))
    expect(screen.getByText('Error: boom')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: m.error_hide_error() }))
    expect(screen.queryByText('Error: boom')).not.toBeInTheDocument()
    expect(reload).not.toHaveBeenCalled()
  })

  it('reloads once for a chunk that failed to load, then shows the panel', () => {
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/x.js')
    const first = renderError(error)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('status')).toBeInTheDocument()
    first.unmount()

    renderError(error)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(
      screen.getByRole('heading', { name: m.error_something_went_wrong() }),
    ).toBeInTheDocument()
  })
})
