import { describe, expect, it } from 'vitest'
import {
  applySlotIdEdits,
  SLOT_ID_MODULE,
  slotIdsInTransition,
} from '../../config/slot-ids-in-transition'
import { editedModules, installedPrivateModule } from '../helpers/library-edits'

const plugin = slotIdsInTransition()
const { path, source } = installedPrivateModule('react-aria', 'utils/useId.mjs')

/**
 * `useSlotId` of a version of the module, its imports given by their exported names (`useState`,
 * `useValueEffect`...): the module's body evaluated as a function of its import aliases.
 */
function slotIdHookOf(code: string, imports: Record<string, unknown>) {
  const aliases = [...code.matchAll(/^import \{(.*)\} from .*$/gm)].flatMap(([, names]) =>
    names!.split(',').map((pair) => pair.trim().split(' as ') as [string, string]),
  )
  const exported = /(\$\w+\$export\$\w+) as useSlotId\b/.exec(code)![1]!
  const body = code.replace(/^import .*$/gm, '').replace(/^export \{.*$/gm, '')
  return new Function(...aliases.map(([, alias]) => alias), `${body}; return ${exported}`)(
    ...aliases.map(([name]) => imports[name] ?? (() => undefined)),
  ) as () => unknown
}

/**
 * Runs `useSlotId` once as a first commit would (its layout effect at once, no element with
 * its id in the document) and says whether the id's update was asked for in a transition.
 */
function updateInTransition(code: string): boolean {
  let inTransition = false
  let updatedInTransition: boolean | undefined
  const slotIdHook = slotIdHookOf(code, {
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
  })
  slotIdHook()
  if (updatedInTransition === undefined) throw new Error('useSlotId asked for no update')
  return updatedInTransition
}

describe('slotIdsInTransition (config/slot-ids-in-transition.ts)', () => {
  it("applies to react-aria's useId module only, in the build", () => {
    expect(plugin.apply).toBe('build')
    expect(editedModules(plugin)).toEqual([SLOT_ID_MODULE])
    expect(SLOT_ID_MODULE.test(path)).toBe(true)
    expect(SLOT_ID_MODULE.test(path.replace('useId', 'useSlot'))).toBe(false)
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
