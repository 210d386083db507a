// patches/react-aria+3.53.1.patch, `focus/useHasTabbableChild.mjs` (patches/README.md): the
// installed hook, as every build, dev server and test runs it.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installedPrivateModule, moduleHook } from '../helpers/installed-module'

const { source } = installedPrivateModule('react-aria', 'focus/useHasTabbableChild.mjs')

/**
 * Mounts `useHasTabbableChild` as a commit does (its layout effect
 * at once), over a panel whose walker finds a tabbable child, and tells what happened when:
 * the walks and state updates during the commit, those after the next frame, and after the
 * cleanup of a render that came before that frame.
 */
function mount(code: string, { cleanUpBeforeFrame = false } = {}) {
  const frames = new Map<number, () => void>()
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
    frames.set(frames.size + 1, callback)
    return frames.size
  })
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id))
  vi.stubGlobal(
    'MutationObserver',
    class {
      observe() {}
      disconnect() {}
    },
  )
  const log: string[] = []
  const effect: { cleanup?: (() => void) | void } = {}
  const imports: Record<string, unknown> = {
    useState: (value: unknown) => [value, (next: unknown) => log.push(`set ${String(next)}`)],
    useLayoutEffect: (run: () => (() => void) | void) => (effect.cleanup = run()),
    getFocusableTreeWalker: () => ({ nextNode: () => (log.push('walk'), {}) }),
  }
  const hook = moduleHook<(ref: { current: unknown }) => boolean>(
    code,
    imports,
    'useHasTabbableChild',
  )
  hook({ current: {} })
  const inCommit = log.splice(0)
  if (cleanUpBeforeFrame) effect.cleanup?.()
  for (const frame of frames.values()) frame()
  return { inCommit, afterFrame: log }
}

afterEach(() => vi.unstubAllGlobals())

describe("react-aria's useHasTabbableChild, patched", () => {
  it('walks the panel in the next frame, not in the commit', () => {
    expect(mount(source)).toEqual({ inCommit: [], afterFrame: ['walk', 'set true'] })
  })

  it('does not walk for a render that was cleaned up before its frame', () => {
    expect(mount(source, { cleanUpBeforeFrame: true })).toEqual({ inCommit: [], afterFrame: [] })
  })
})
