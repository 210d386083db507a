// patches/react-aria+3.53.1.patch, `utils/useId.mjs` and `utils/useSlot.mjs` (patches/README.md):
// the installed hooks, as every build, dev server and test runs them.
import { describe, expect, it } from 'vitest'
import { installedPrivateModule, moduleHook } from '../helpers/installed-module'

const { source } = installedPrivateModule('react-aria', 'utils/useId.mjs')
const slot = installedPrivateModule('react-aria', 'utils/useSlot.mjs')

/**
 * Runs `useSlotId` as a first commit would (its layout effects at once, no element with its id
 * in the document), then its id's update once more, as a later change of its dependencies
 * does, and says of each update whether it was asked for in a transition.
 */
function updatesInTransition(code: string): boolean[] {
  let inTransition = false
  const updates: boolean[] = []
  const effects: (() => void)[] = []
  const slotIdHook = moduleHook<() => unknown>(
    code,
    {
      useState: (value: unknown) => [value, () => {}],
      useRef: (current: unknown) => ({ current }),
      useCallback: (fn: unknown) => fn,
      useSSRSafeId: (id: string | undefined) => id ?? 'react-aria-1',
      useLayoutEffect: (effect: () => void) => effects.push(effect),
      useValueEffect: (value: unknown) => [value, () => updates.push(inTransition)],
      startTransition: (scope: () => void) => {
        inTransition = true
        scope()
        inTransition = false
      },
    },
    'useSlotId',
  )
  slotIdHook()
  for (const effect of effects) effect()
  effects.at(-1)!()
  return updates
}

/**
 * Mounts a radio's `useSlotId2` once as a first commit does (the slotted description's ref
 * callback, if there is one, then the layout effects) and says how many state updates that
 * asked React for (an update to the value already there is dropped without a render) and the
 * id the description gets once they are rendered.
 */
function mountSlotId2(code: string, described: boolean) {
  let updates = 0
  let state: unknown
  const effects: (() => void)[] = []
  const hook = moduleHook<() => { ref: (element: unknown) => void }>(
    code,
    {
      useState: (initial: unknown) => {
        state = initial
        return [
          initial,
          (next: unknown) => {
            if (next !== state) updates++
            state = next
          },
        ]
      },
      useRef: (current: unknown) => ({ current }),
      useCallback: (fn: unknown) => fn,
      useId: () => 'react-aria-1',
      useLayoutEffect: (effect: () => void) => effects.push(effect),
    },
    'useSlotId2',
  )
  const { ref } = hook()
  if (described) ref({})
  for (const effect of effects) effect()
  return { updates, id: state ? 'react-aria-1' : undefined }
}

describe("react-aria's slot ids, patched", () => {
  it('useSlotId asks for the first update of its id in a transition, later ones at once', () => {
    // The first, as the page mounts, leaves the commit's task; a later one (an error shown)
    // is made at once, as published: in a transition it could be overtaken by the next
    // change's check, which compares with the id not yet rendered and drops it.
    expect(updatesInTransition(source)).toEqual([true, false])
  })

  it('a radio with no description mounts with no update; one with a description still gets its id', () => {
    expect(mountSlotId2(slot.source, false)).toEqual({ updates: 0, id: undefined })
    expect(mountSlotId2(slot.source, true)).toEqual({ updates: 1, id: 'react-aria-1' })
  })
})
