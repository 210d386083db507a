import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { SCROLL_TO_TOP_THRESHOLD_PX, ScrollToTop } from '~/features/layout/scroll-to-top'

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
    window.dispatchEvent(new Event('scroll'))
  })
}

function prefersReducedMotion(reduced: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduced && query === '(prefers-reduced-motion: reduce)',
    media: query,
  }))
}

afterEach(() => {
  scrollTo(0)
  vi.unstubAllGlobals()
})

const button = () => screen.queryByRole('button', { name: m.layout_scroll_to_top() })

describe('ScrollToTop', () => {
  it('appears only once the page is scrolled more than 500 px', () => {
    expect(SCROLL_TO_TOP_THRESHOLD_PX).toBe(500)
    render(<ScrollToTop />)
    expect(button()).not.toBeInTheDocument()
    scrollTo(500)
    expect(button()).not.toBeInTheDocument()
    scrollTo(501)
    expect(button()).toBeInTheDocument()
    scrollTo(120)
    expect(button()).not.toBeInTheDocument()
  })

  it('scrolls smoothly to the top', async () => {
    prefersReducedMotion(false)
    const scroll = vi.fn()
    vi.stubGlobal('scrollTo', scroll)
    render(<ScrollToTop />)
    scrollTo(900)
    await userEvent.click(button() as HTMLElement)
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' })
  })

  it('jumps instantly when the system asks for reduced motion', async () => {
    prefersReducedMotion(true)
    const scroll = vi.fn()
    vi.stubGlobal('scrollTo', scroll)
    render(<ScrollToTop />)
    scrollTo(900)
    await userEvent.click(button() as HTMLElement)
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'instant' })
  })

  it('reads the scroll position once after the first paint, never while rendering or committing (it lays the page out)', async () => {
    const read = vi.fn(() => 0)
    Object.defineProperty(window, 'scrollY', { get: read, configurable: true })
    const { rerender } = render(<ScrollToTop />)
    rerender(<ScrollToTop />)
    rerender(<ScrollToTop />)
    // Not in the commit's task (its effects may run before the browser has laid out)...
    expect(read).not.toHaveBeenCalled()
    // ...but once the frame has been painted, and only once.
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(read).toHaveBeenCalledTimes(1)
  })

  it('shows the button on a page that opens already scrolled', async () => {
    Object.defineProperty(window, 'scrollY', { value: 2000, configurable: true })
    render(<ScrollToTop />)
    expect(await screen.findByRole('button', { name: m.layout_scroll_to_top() })).toBeVisible()
  })
})
