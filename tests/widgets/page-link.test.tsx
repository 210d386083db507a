// The page link: the click is answered by the frame that shows it; the router navigates
// after that frame (src/widgets/page-link.tsx).
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { PageLink } from '~/widgets/page-link'
import { renderWithProviders } from '../helpers/render'

describe('PageLink', () => {
  it('navigates after the next frame, not inside the click', async () => {
    const frames: FrameRequestCallback[] = []
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback)
      return frames.length
    })
    const { router } = await renderWithProviders(
      <PageLink to="/player/promotion" search={{ page: 2 }}>
        Next
      </PageLink>,
    )
    const link = screen.getByRole('link', { name: 'Next' })
    expect(link).toHaveAttribute('href', '/player/promotion?page=2')
    fireEvent.click(link)
    // The click has asked for nothing yet: the router waits for the frame.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(router.state.location.pathname).toBe('/')
    for (const frame of frames.splice(0)) frame(performance.now())
    await waitFor(() => expect(router.state.location.href).toBe('/player/promotion?page=2'))
  })

  it('leaves a click with a modifier key to the browser (a new tab)', async () => {
    const { router } = await renderWithProviders(<PageLink to="/player/bank">Bank</PageLink>)
    const link = screen.getByRole('link', { name: 'Bank' })
    // Whether the browser would follow it, read once the app's handlers have run (and then
    // not followed: jsdom cannot open a document).
    let followed = false
    window.addEventListener(
      'click',
      (event) => {
        followed = !event.defaultPrevented
        event.preventDefault()
      },
      { once: true },
    )
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }))
    expect(followed).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(router.state.location.pathname).toBe('/')
  })
})
