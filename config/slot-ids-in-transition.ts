import type { Plugin } from 'vite'
import { applyEdits, libraryEdits, privateModule, type Edit } from './library-edits.ts'

/** react-aria's `useSlotId` (fields, dialogs, menu items, options). */
export const SLOT_ID_MODULE = privateModule('react-aria', 'utils/useId')

/** react-aria's `useSlot` and `useSlotId2` (a radio's, a checkbox's and a switch's description). */
export const SLOT_MODULE = privateModule('react-aria', 'utils/useSlot')

/**
 * The two edits: `startTransition` joins the module's imports from React, and the updater's
 * one call wraps itself in it. Each keeps its lines (the module's source map stays true).
 */
export const SLOT_ID_EDITS: readonly Edit[] = [
  {
    find: /useCallback as (\$\w+\$)useCallback\} from "react";/g,
    count: 1,
    replace: (_, prefix) =>
      `useCallback as ${prefix}useCallback, startTransition as ${prefix}startTransition} from "react";`,
  },
  {
    find: /let updateId = \(0, (\$\w+\$)useCallback\)\(\(\)=>\{(\s*)setResolvedId\(function\*\(\) \{(\s*yield id;\s*yield document\.getElementById\(id\) \? id : undefined;\s*)\}\);/g,
    count: 1,
    replace: (_, prefix, space, body) =>
      `let updateId = (0, ${prefix}useCallback)(()=>{${space}(0, ${prefix}startTransition)(() => setResolvedId(function*() {${body}}));`,
  },
]

/**
 * `useSlotId2`'s one edit: its slot starts out empty (`useSlot(false)`), not filled. react-aria
 * starts it filled, and a layout effect empties it where no description was slotted: a state
 * update in the commit, as `useSlotId`'s was. A description that is there fills it from its ref
 * callback instead, the update react-aria makes for an empty one today. No radio of ours has a
 * description of its own (a card's second line is part of its label), and no checkbox or switch
 * is on any page, so none of ours updates.
 */
export const SLOT_EDITS: readonly Edit[] = [
  {
    find: /function (\$\w+\$export\$\w+)\(initialState = true\) \{(\s*let id = )/g,
    count: 1,
    replace: (_, name, rest) => `function ${name}(initialState = false) {${rest}`,
  },
]

/** A module's edits, checked; the error names the hook that is no longer as expected. */
function applyHookEdits(edits: readonly Edit[], hook: string, code: string, id: string) {
  return applyEdits(edits, code, {
    id,
    what: `react-aria's ${hook}`,
    by: 'config/slot-ids-in-transition.ts',
  })
}

/** react-aria's `useId.mjs` with `useSlotId`'s update in a transition; throws when it no longer fits. */
export const applySlotIdEdits = (code: string, id: string) =>
  applyHookEdits(SLOT_ID_EDITS, 'useSlotId', code, id)

/** react-aria's `useSlot.mjs` with `useSlotId2`'s slot empty at first; throws likewise. */
export const applySlotEdits = (code: string, id: string) =>
  applyHookEdits(SLOT_EDITS, 'useSlotId2', code, id)

/**
 * react-aria's `useSlotId` (the description and error ids of every field, a dialog's title,
 * a menu item's and an option's parts) resolves its id after mount: a layout effect looks for
 * the element by id and, where there is none (a field with no description or no error yet),
 * sets the id to undefined. A state update in a layout effect is synchronous: React renders
 * again in the task of the commit, and flushes every passive effect of the commit first. On a
 * first load that made the page's commit, its effects and a second render one task
 * (42-53 ms at full speed on /login in Lighthouse profiles, a long task Lighthouse
 * multiplies by 4).
 *
 * In the build, the update is made in a transition: the commit ends its task, and the render
 * that drops the missing ids comes in a task of its own, as React schedules any transition.
 * Until then `aria-describedby` names an id nobody has, which assistive technology ignores,
 * as it does once the id is dropped. Dev and Vitest keep react-aria as published
 * (config/library-edits.ts), and every e2e test (axe on every screen) runs on this build.
 *
 * `useSlotId2`, which `useRadio` and `useToggle` use for a radio's, a checkbox's and a switch's
 * description, does the same through `useSlot`: a layout effect sets `false` where no
 * description was slotted. On the deposit page its six radios made the commit's task also run
 * every passive effect and render the radio groups again (240 ms at 4x CPU,
 * `npm run bench:profile -- /player/deposit --cpu 4`). In a transition, the page was laid out
 * between the commit and its effects and again after them (measured, not kept); with the slot
 * empty at first (SLOT_EDITS) there is no update at all.
 */
export function slotIdsInTransition(): Plugin {
  return libraryEdits(
    'slot-ids-in-transition',
    [
      { module: SLOT_ID_MODULE, edit: applySlotIdEdits },
      { module: SLOT_MODULE, edit: applySlotEdits },
    ],
    (entry, code, id) => entry.edit(code, id),
  )
}
