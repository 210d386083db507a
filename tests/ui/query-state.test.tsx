import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { EmptyState, ErrorState, LoadingState } from '~/ui/query-state'

describe('query states', () => {
  it('announces loading', () => {
    render(<LoadingState />)
    expect(screen.getByRole('status')).toHaveTextContent(m.layout_loading())
  })

  it('shows why a load failed and retries on request', async () => {
    const onRetry = vi.fn()
    render(<ErrorState message="offline" onRetry={onRetry} />)
    expect(screen.getByRole('alert')).toHaveTextContent('offline')
    await userEvent.click(screen.getByRole('button', { name: m.error_try_again() }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('ignores retry presses while a retry runs', async () => {
    const onRetry = vi.fn()
    render(<ErrorState message="offline" onRetry={onRetry} isRetrying />)
    await userEvent.click(screen.getByRole('button', { name: m.error_try_again() }))
    expect(onRetry).not.toHaveBeenCalled()
  })

  it('says a list is empty in words', () => {
    render(<EmptyState title="Nothing yet" />)
    expect(screen.getByText('Nothing yet')).toBeInTheDocument()
  })
})
