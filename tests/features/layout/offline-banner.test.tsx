import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { OfflineBanner } from '~/features/layout/offline-banner'
import { PagePending } from '~/features/layout/page-pending'

function goOffline(offline: boolean) {
  act(() => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline)
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'))
  })
}

afterEach(() => goOffline(false))

describe('offline', () => {
  it('shows a banner while the browser is offline', () => {
    render(<OfflineBanner />)
    expect(screen.queryByText(m.offline_banner())).not.toBeInTheDocument()
    goOffline(true)
    expect(screen.getByRole('status')).toHaveTextContent(m.offline_banner())
    goOffline(false)
    expect(screen.queryByText(m.offline_banner())).not.toBeInTheDocument()
  })

  it('the page spinner stops and says why instead of spinning forever', () => {
    render(<PagePending />)
    expect(screen.getByRole('status')).toHaveTextContent(m.layout_loading())
    goOffline(true)
    expect(screen.getByRole('status')).toHaveTextContent(m.offline_banner())
    expect(screen.getByRole('status')).not.toHaveTextContent(m.layout_loading())
  })
})
