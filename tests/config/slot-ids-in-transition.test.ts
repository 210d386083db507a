import { describe, expect, it } from 'vitest'
import {
  applySlotEdits,
  applySlotIdEdits,
  SLOT_ID_MODULE,
  SLOT_MODULE,
  slotIdsInTransition,
} from '../../config/slot-ids-in-transition'
import { editedModules, installedPrivateModule, moduleHook } from '../helpers/library-edits'

const plugin = slotIdsInTransition()
const { path, source } = installedPrivateModule('react-aria', 'utils/useId.mjs')
const slot = installedPrivateModule('react-aria', 'utils/useSlot.mjs')

/**
 * Runs `useSlotId` once as a first commit would (its layout effect at once, no element with
 * its id in the document) and says whether the id's update was asked for in a transition.
 */
function updateInTransition(code: string): boolean {
  let inTransition = false
  let updatedInTransition: boolean | undefined
  const slotIdHook = moduleHook<() => unknown>(
    code,
    {
      useState: (value: unknown) => [value, () => {}],
      useRef: (current: unknown) => ({ current }),
      useCallback: (fn: unknown) => fn,
      useSSRSafeId: (id: string | undefined) => id ?? 'react-aria-1',
      useLayoutEffect: (effect: () => void) => effect(),
      useValueEffect: (value: unknown) => [value, () => (updatedInTransition = inTransition)],
      startTransition: (scope: () => void) => {
        inTransition = true
        scope()
        inTransition = false
      },
    },
    'useSlotId',
  )
  slotIdHook()
  if (updatedInTransition === undefined) throw new Error('useSlotId asked for no update')
  return updatedInTransition
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

describe('slotIdsInTransition (config/slot-ids-in-transition.ts)', () => {
  it("applies to react-aria's useId and useSlot modules only, in the build", () => {
    expect(plugin.apply).toBe('build')
    expect(editedModules(plugin)).toEqual([SLOT_ID_MODULE, SLOT_MODULE])
    expect(SLOT_ID_MODULE.test(path)).toBe(true)
    expect(SLOT_ID_MODULE.test(slot.path)).toBe(false)
    expect(SLOT_MODULE.test(slot.path)).toBe(true)
    expect(SLOT_MODULE.test(path)).toBe(false)
  })

  it('a radio with no description mounts with no update; one with a description still gets its id', () => {
    const edited = applySlotEdits(slot.source, slot.path)
    expect(edited.split('\n')).toHaveLength(slot.source.split('\n').length)
    expect(mountSlotId2(slot.source, false)).toEqual({ updates: 1, id: undefined })
    expect(mountSlotId2(edited, false)).toEqual({ updates: 0, id: undefined })
    expect(mountSlotId2(slot.source, true)).toEqual({ updates: 0, id: 'react-aria-1' })
    expect(mountSlotId2(edited, true)).toEqual({ updates: 1, id: 'react-aria-1' })
    expect(() =>
      applySlotEdits(slot.source.replaceAll('initialState = true', 'initial = true'), slot.path),
    ).toThrow(/useSlotId2 is not as config\/slot-ids-in-transition/)
  })

  it('keeps every line of the module', () => {
    expect(applySlotIdEdits(source, path).split('\n')).toHaveLength(source.split('\n').length)
  })

  it("asks for the id's update in a transition, where react-aria asks for it at once", () => {
    expect(updateInTransition(source)).toBe(false)
    expect(updateInTransition(applySlotIdEdits(source, path))).toBe(true)
  })

  it('fails the build when the module is no longer as expected', () => {
    for (const moved of [
      source.replace('useCallback} from "react";', 'useCallback, useMemo} from "react";'),
      source.replace('yield document.getElementById(id)', 'yield document.querySelector(id)'),
    ]) {
      expect(() => applySlotIdEdits(moved, path)).toThrow(/not as config\/slot-ids-in-transition/)
    }
  })
})
