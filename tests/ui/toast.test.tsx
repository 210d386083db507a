import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import userEvent from '@testing-library/user-event'
import { showLastingToast, showToast, toastQueue, TOAST_TIMEOUT_MS } from '~/ui/toast'
import { Toasts } from '~/ui/toast-region'

afterEach(() => {
  act(() => toastQueue.clear())
  vi.useRealTimers()
})

describe('Toasts', () => {
  it('shows at most one toast: adding two shows only the newest', async () => {
    render(<Toasts closeLabel="Close" regionLabel="Notifications" />)
    let second = ''
    act(() => {
      showToast({ title: 'First' })
      second = showToast({ title: 'Second' })
    })
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1)
    expect(screen.getByText('Second')).toBeInTheDocument()
    expect(screen.queryByText('First')).not.toBeInTheDocument()

    // The older one waits its turn (while its own timeout runs).
    act(() => toastQueue.close(second))
    expect(await screen.findByText('First')).toBeInTheDocument()
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1)
  })

  it('an action toast stays until pressed, then acts and closes ("reload to update")', async () => {
    const user = userEvent.setup()
    const onAction = vi.fn()
    render(<Toasts closeLabel="Close" regionLabel="Notifications" />)
    act(() => {
      showLastingToast({ title: 'New version', action: { label: 'Reload', onAction } })
    })
    const button = screen.getByRole('button', { name: 'Reload' })
    await user.click(button)
    expect(onAction).toHaveBeenCalledOnce()
    expect(screen.queryByText('New version')).not.toBeInTheDocument()
  })

  it('closes after 5000 ms by default', () => {
    vi.useFakeTimers()
    render(<Toasts closeLabel="Close" regionLabel="Notifications" />)
    act(() => {
      showToast({ title: 'Saved' })
    })
    act(() => vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 1))
    expect(screen.getByText('Saved')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByText('Saved')).not.toBeInTheDocument()
  })

  it('has a close button named from messages', () => {
    render(<Toasts closeLabel="ປິດ" regionLabel="ການແຈ້ງເຕືອນ" />)
    act(() => {
      showToast({ title: 'Hello' })
    })
    expect(screen.getByRole('button', { name: 'ປິດ' })).toBeInTheDocument()
  })

  it("names its region from messages, not with react-aria's English plural", () => {
    const plurals = vi.spyOn(Intl, 'PluralRules')
    render(<Toasts closeLabel="ປິດ" regionLabel="ການແຈ້ງເຕືອນ" />)
    act(() => {
      showToast({ title: 'Hello' })
    })
    expect(screen.getByRole('region', { name: 'ການແຈ້ງເຕືອນ' })).toBeInTheDocument()
    // react-aria formats its own label ("1 notification.") with a plural rule when none is given.
    expect(plurals).not.toHaveBeenCalled()
  })
})
