// patches/react-aria-components+1.22.1.patch, `Tabs.mjs` (patches/README.md): the installed
// TabPanel, as every build, dev server and test runs it.
import { describe, expect, it } from 'vitest'
import { installedPrivateModule, moduleHook } from '../helpers/installed-module'

const { source } = installedPrivateModule('react-aria-components', 'Tabs.mjs')
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

describe("react-aria-components' TabPanel, patched", () => {
  it('hands the panel shown first a ref of its own, with no element', () => {
    expect(source).toContain('(isInitiallySelected ? noEntryRef : ref) && !isInitiallySelected;')
    expect(source).toMatch(/let noEntryRef = \(0, (\$\w+\$useRef)\)\(null\);/)
    const useRef = /let noEntryRef = \(0, (\$\w+\$useRef)\)/.exec(source)![1]!
    // The module's React `useRef`, which the patch calls, under the name it has there.
    expect(source).toMatch(
      new RegExp(
        `^import .*\\buseRef as ${useRef.replaceAll('$', '\\$')}\\b.* from "react";$`,
        'm',
      ),
    )
  })

  it("asks a panel's element for its animations and ends entering in the commit; with no element, neither", () => {
    // What the hook does on a panel with its element: the browser computes styles
    // (getAnimations), then a synchronous update ends the entering state.
    const log: string[] = []
    const element = { getAnimations: () => (log.push('getAnimations'), []) }
    const withElement = mountEntry({ current: element })
    expect([...log, ...withElement.log]).toEqual(['getAnimations', 'getAnimations', 'set false'])
    // The ref the patch hands the panel shown first: nothing asked, nothing hidden, no update.
    expect(mountEntry({ current: null }).log).toEqual([])
  })
})
