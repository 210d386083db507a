import { act, fireEvent, render, screen } from '@testing-library/react'
import { Profiler, Suspense, useState, type ReactNode } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as LazyOverlayModule from '~/ui/lazy-overlay'

// The module keeps its registry and whether preloading ran: a fresh copy per test.
let overlay: typeof LazyOverlayModule
beforeEach(async () => {
  vi.resetModules()
  overlay = await import('~/ui/lazy-overlay')
})

describe('preloadOverlays', () => {
  it('fetches each registered overlay, one per idle period, in order', async () => {
    const calls: string[] = []
    const idle: (() => void)[] = []
    const nextIdle = () => new Promise<void>((resolve) => idle.push(resolve))
    overlay.overlayCode(async () => void calls.push('menu'))
    overlay.overlayCode(async () => void calls.push('drawer'))
    const done = overlay.preloadOverlays(nextIdle)
    await vi.waitFor(() => expect(idle).toHaveLength(1))
    expect(calls).toEqual([])
    idle[0]!()
    await vi.waitFor(() => expect(idle).toHaveLength(2))
    expect(calls).toEqual(['menu'])
    idle[1]!()
    await done
    expect(calls).toEqual(['menu', 'drawer'])
  })

  it('goes on past a chunk that fails to load, and runs once', async () => {
    const drawer = vi.fn(async () => 'drawer')
    overlay.overlayCode(() => Promise.reject(new Error('offline')))
    overlay.overlayCode(drawer)
    await overlay.preloadOverlays(async () => {})
    await overlay.preloadOverlays(async () => {})
    expect(drawer).toHaveBeenCalledTimes(1)
  })

  it('fetches an overlay registered after it ran at once', async () => {
    await overlay.preloadOverlays(async () => {})
    const late = vi.fn(async () => 'late')
    overlay.overlayCode(late)
    expect(late).toHaveBeenCalledTimes(1)
  })
})

describe('LazyOverlay', () => {
  it('mounts nothing until first opened (preloading mounts nothing), then stays mounted', async () => {
    const { LazyOverlay, preloadOverlays } = overlay
    const { rerender } = render(
      <LazyOverlay isOpen={false}>
        <p>drawer</p>
      </LazyOverlay>,
    )
    await preloadOverlays(async () => {})
    expect(screen.queryByText('drawer')).not.toBeInTheDocument()
    rerender(
      <LazyOverlay isOpen>
        <p>drawer</p>
      </LazyOverlay>,
    )
    expect(screen.getByText('drawer')).toBeInTheDocument()
    // Closing animates out inside the overlay: it stays mounted.
    rerender(
      <LazyOverlay isOpen={false}>
        <p>drawer</p>
      </LazyOverlay>,
    )
    expect(screen.getByText('drawer')).toBeInTheDocument()
  })
})

describe('lazyOverlay', () => {
  it('registers its code for preloading, and the component it loads renders once opened', async () => {
    const load = vi.fn(async () => ({ title }: { title: string }) => <p>{title}</p>)
    const Drawer = overlay.lazyOverlay(load)
    expect(load).not.toHaveBeenCalled()
    await overlay.preloadOverlays(async () => {})
    expect(load).toHaveBeenCalledTimes(1)
    const { LazyOverlay } = overlay
    render(
      <LazyOverlay isOpen>
        <Drawer title="contacts" />
      </LazyOverlay>,
    )
    expect(await screen.findByText('contacts')).toBeInTheDocument()
  })
})

describe('lazyOverlay once its code is in', () => {
  it('renders in the same commit, with no fallback and no second commit', async () => {
    const Drawer = overlay.lazyOverlay(async () => ({ title }: { title: string }) => <p>{title}</p>)
    await overlay.preloadOverlays(async () => {})
    const commits = vi.fn()
    render(
      <Profiler id="overlay" onRender={commits}>
        <Suspense fallback={<p>loading</p>}>
          <Drawer title="contacts" />
        </Suspense>
      </Profiler>,
    )
    // Synchronously there: a suspended lazy would show the fallback and commit again later.
    expect(screen.getByText('contacts')).toBeInTheDocument()
    expect(screen.queryByText('loading')).not.toBeInTheDocument()
    await act(async () => {})
    expect(commits).toHaveBeenCalledTimes(1)
  })

  it('keeps the component an overlay opened before its code arrived, and its state', async () => {
    let resolveCode: (c: () => ReactNode) => void = () => {}
    const Drawer = overlay.lazyOverlay(
      () => new Promise<() => ReactNode>((resolve) => (resolveCode = resolve)),
    )
    function Counter() {
      const [count, setCount] = useState(0)
      return <button onClick={() => setCount(count + 1)}>pressed {count}</button>
    }
    const { rerender } = render(
      <Suspense fallback={<p>loading</p>}>
        <Drawer />
      </Suspense>,
    )
    expect(screen.getByText('loading')).toBeInTheDocument()
    resolveCode(Counter)
    fireEvent.click(await screen.findByText('pressed 0'))
    expect(screen.getByText('pressed 1')).toBeInTheDocument()
    // Rendered again now that the code is in: still the same mount, its state kept.
    rerender(
      <Suspense fallback={<p>loading</p>}>
        <Drawer />
      </Suspense>,
    )
    expect(screen.getByText('pressed 1')).toBeInTheDocument()
  })
})

describe('settledModule', () => {
  function Shown({ use }: { use: () => { name: string } | undefined }) {
    return <p>{use()?.name ?? 'not yet'}</p>
  }

  it('is undefined until the page settles, then renders with the module, fetched once', async () => {
    const load = vi.fn(async () => ({ name: 'virtualiser' }))
    const rows = overlay.settledModule(load)
    render(<Shown use={rows.useModule} />)
    expect(screen.getByText('not yet')).toBeInTheDocument()
    expect(load).not.toHaveBeenCalled()
    await overlay.preloadOverlays(async () => {})
    expect(await screen.findByText('virtualiser')).toBeInTheDocument()
    rows.load()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('is fetched at once by `load` (the player scrolled) before the page settles', async () => {
    const rows = overlay.settledModule(async () => ({ name: 'virtualiser' }))
    render(<Shown use={rows.useModule} />)
    rows.load()
    expect(await screen.findByText('virtualiser')).toBeInTheDocument()
  })

  it('stays undefined when its chunk fails, and is asked for again on the next `load`', async () => {
    const load = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ name: 'virtualiser' })
    const rows = overlay.settledModule(load)
    render(<Shown use={rows.useModule} />)
    await overlay.preloadOverlays(async () => {})
    expect(screen.getByText('not yet')).toBeInTheDocument()
    rows.load()
    expect(await screen.findByText('virtualiser')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(2)
  })
})
