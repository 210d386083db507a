import { describe, expect, it } from 'vitest'
import {
  applyTabPanelEdits,
  TABS_MODULE,
  tabPanelNoEntryOnMount,
} from '../../config/tab-panel-no-entry-on-mount'
import { editedModules, installedPrivateModule, moduleHook } from '../helpers/library-edits'

const plugin = tabPanelNoEntryOnMount()
const { path, source } = installedPrivateModule('react-aria-components', 'Tabs.mjs')
const animation = installedPrivateModule('react-aria', 'utils/animation.mjs')

/**
 * Mounts react-aria's `useEnterAnimation` as a commit does (its layout effects at once) on
 * `ref`, and tells what it asked of the element and which state updates it made.
 */
function mountEntry(ref: { current: unknown }) {
  const log: string[] = []
  const imports: Record<string, unknown> = {
    useState: (value: unknown) => [value, (next: unknown) => log.push(`set ${String(next)}`)],
    useLayoutEffect: (run: () => unknown) => run(),
    useRef: (value: unknown) => ({ current: value }),
    useCallback: (callback: unknown) => callback,
    useEffectEvent: (callback: unknown) => callback,
    flushSync: (run: () => void) => run(),
    chain: () => () => undefined,
    setStyle: (_: unknown, property: string) => (log.push(`style ${property}`), () => undefined),
  }
  const enterAnimation = moduleHook<(ref: { current: unknown }) => boolean>(
    animation.source,
    imports,
    'useEnterAnimation',
  )
  const entering = enterAnimation(ref)
  return { entering, log }
}

describe('tabPanelNoEntryOnMount (config/tab-panel-no-entry-on-mount.ts)', () => {
  it("applies to react-aria-components' Tabs module only, in the build", () => {
    expect(plugin.apply).toBe('build')
    expect(editedModules(plugin)).toEqual([TABS_MODULE])
    expect(TABS_MODULE.test(path)).toBe(true)
    expect(TABS_MODULE.test(path.replace('Tabs.mjs', 'Tooltip.mjs'))).toBe(false)
  })

  it('keeps every line of the module, and hands the first panel a ref of its own', () => {
    const edited = applyTabPanelEdits(source, path)
    expect(edited.split('\n')).toHaveLength(source.split('\n').length)
    expect(edited).toContain('(isInitiallySelected ? noEntryRef : ref) && !isInitiallySelected;')
    expect(edited).toContain('let noEntryRef = (0, $4KeVI$useRef)(null);')
  })

  it("asks a panel's element for its animations and ends entering in the commit; with no element, neither", () => {
    // What the published hook does on the panel shown first: the browser computes styles
    // (getAnimations), then a synchronous update ends the entering state.
    const log: string[] = []
    const element = { getAnimations: () => (log.push('getAnimations'), []) }
    const withElement = mountEntry({ current: element })
    expect([...log, ...withElement.log]).toEqual(['getAnimations', 'getAnimations', 'set false'])
    // The ref the edit hands that panel: nothing asked, nothing hidden, no update.
    expect(mountEntry({ current: null }).log).toEqual([])
  })

  it('fails the build when the module is no longer as expected', () => {
    for (const moved of [
      source.replace('useEnterAnimation)(ref) &&', 'useEnterAnimation)(ref, true) &&'),
      source.replace(/useRef as \$4KeVI\$useRef/, 'useRef as $react$useRef'),
    ]) {
      expect(() => applyTabPanelEdits(moved, path)).toThrow(
        /not as config\/tab-panel-no-entry-on-mount/,
      )
    }
  })
})
