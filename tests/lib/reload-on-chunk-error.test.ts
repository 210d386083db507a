import { describe, expect, it, vi } from 'vitest'
import {
  chunkIsGone,
  chunkReloadKey,
  isChunkLoadError,
  reloadOnceForChunkError,
} from '~/lib/reload-on-chunk-error'

const chunkError = (file = 'about-abc123.js') =>
  new TypeError(`Failed to fetch dynamically imported module: http://localhost/assets/${file}`)

describe('reloadOnceForChunkError', () => {
  it('recognises failed chunk loads in each browser wording', () => {
    expect(isChunkLoadError(chunkError())).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: x'))).toBe(
      true,
    )
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true)
    expect(isChunkLoadError(new Error('Something else'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
  })

  it('does not reload while offline (the network failed, not the deploy)', () => {
    const reload = vi.fn()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    expect(reloadOnceForChunkError(chunkError('offline.js'), { reload })).toBe(false)
    expect(reload).not.toHaveBeenCalled()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    // The message was not spent: back online, the same failure still gets its reload.
    expect(reloadOnceForChunkError(chunkError('offline.js'), { reload })).toBe(true)
    sessionStorage.clear()
  })

  it('reloads once per error message, remembered in sessionStorage', () => {
    const reload = vi.fn()
    expect(reloadOnceForChunkError(chunkError(), { reload })).toBe(true)
    expect(reload).toHaveBeenCalledTimes(1)

    // After the reload the same message fails again: no second reload (no loop).
    expect(reloadOnceForChunkError(chunkError(), { reload })).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)

    // Another message gets its own reload.
    expect(reloadOnceForChunkError(chunkError('service-def456.js'), { reload })).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
    sessionStorage.clear()
  })

  it('shares its memory with the router, which reloads route chunks by the same rule', () => {
    const error = chunkError('shared.js')
    sessionStorage.setItem(`tanstack_router_reload:${error.message}`, '1')
    expect(chunkReloadKey(error)).toBeUndefined()
    sessionStorage.clear()
  })

  it('never reloads for other errors', () => {
    const reload = vi.fn()
    expect(reloadOnceForChunkError(new Error('boom'), { reload })).toBe(false)
    expect(reload).not.toHaveBeenCalled()
  })

  it('does not reload when it cannot remember having done so', () => {
    const reload = vi.fn()
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError')
      },
    } as unknown as Storage
    expect(reloadOnceForChunkError(chunkError(), { reload, storage })).toBe(false)
    expect(reload).not.toHaveBeenCalled()
  })
})

describe('chunkIsGone', () => {
  const lost = new TypeError(
    'Failed to fetch dynamically imported module: http://localhost/assets/th-x1.js',
  )
  const answering = (status: number) => () => Promise.resolve(new Response(null, { status }))

  it('reloads only for a chunk the server no longer has (a deploy), not for a flaky line', async () => {
    expect(await chunkIsGone(lost, answering(404))).toBe(true)
    expect(await chunkIsGone(lost, answering(200))).toBe(false)
    expect(await chunkIsGone(lost, () => Promise.reject(new TypeError('offline')))).toBe(false)
  })

  it('takes an error that names no address as gone (the old rule: one reload)', async () => {
    expect(await chunkIsGone(new Error('Unable to preload CSS'), answering(200))).toBe(true)
  })
})
