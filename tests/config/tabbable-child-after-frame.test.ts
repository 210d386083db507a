import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  applyTabbableChildEdits,
  TABBABLE_CHILD_MODULE,
  tabbableChildAfterFrame,
} from '../../config/tabbable-child-after-frame'
import { editedModules, installedPrivateModule, moduleHook } from '../helpers/library-edits'

const plugin = tabbableChildAfterFrame()
const { path, source } = installedPrivateModule('react-aria', 'focus/useHasTabbableChild.mjs')

/**
 * Mounts `useHasTabbableChild` of a version of the module as a commit does (its layout effect
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

describe('tabbableChildAfterFrame (config/tabbable-child-after-frame.ts)', () => {
  it("applies to react-aria's useHasTabbableChild module only, in the build", () => {
    expect(plugin.apply).toBe('build')
    expect(editedModules(plugin)).toEqual([TABBABLE_CHILD_MODULE])
    expect(TABBABLE_CHILD_MODULE.test(path)).toBe(true)
    expect(TABBABLE_CHILD_MODULE.test(path.replace('useHasTabbableChild', 'FocusScope'))).toBe(
      false,
    )
  })

  it('keeps every line of the module', () => {
    expect(applyTabbableChildEdits(source, path).split('\n')).toHaveLength(
      source.split('\n').length,
    )
  })

  it('walks the panel in the next frame, where react-aria walks it in the commit', () => {
    expect(mount(source)).toEqual({ inCommit: ['walk', 'set true'], afterFrame: [] })
    expect(mount(applyTabbableChildEdits(source, path))).toEqual({
      inCommit: [],
      afterFrame: ['walk', 'set true'],
    })
  })

  it('does not walk for a render that was cleaned up before its frame', () => {
    const edited = applyTabbableChildEdits(source, path)
    expect(mount(edited, { cleanUpBeforeFrame: true })).toEqual({ inCommit: [], afterFrame: [] })
  })

  it('fails the build when the module is no longer as expected', () => {
    for (const moved of [
      source.replace(/^(\s*)update\(\);$/m, '$1queueMicrotask(update);'),
      source.replace('observer.disconnect();', 'observer?.disconnect();'),
    ]) {
      expect(() => applyTabbableChildEdits(moved, path)).toThrow(
        /not as config\/tabbable-child-after-frame/,
      )
    }
  })
})
