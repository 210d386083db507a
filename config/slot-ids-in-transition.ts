import type { Plugin } from 'vite'
import { applyEdits, libraryEdits, privateModule, type Edit } from './library-edits.ts'

/** react-aria's `useSlotId`, the one module edited here. */
export const SLOT_ID_MODULE = privateModule('react-aria', 'utils/useId')

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

/** react-aria's `useId.mjs` with `useSlotId`'s update in a transition; throws when it no longer fits. */
export function applySlotIdEdits(code: string, id: string): string {
  return applyEdits(
    SLOT_ID_EDITS,
    code,
    (find, found, count) =>
      `${id}: react-aria's useSlotId is not as config/slot-ids-in-transition.ts expects (${find} found ${found} times, not ${count})`,
  )
}

/**
 * react-aria's `useSlotId` (the description and error ids of every field, a dialog's title,
 * a menu item's and an option's parts) resolves its id after mount: a layout effect looks for
 * the element by id and, where there is none (a field with no description or no error yet),
 * sets the id to undefined. A state update in a layout effect is synchronous: React renders
 * again in the task of the commit, and flushes every passive effect of the commit first. On a
 * first load that made the page's commit, its effects and a second render one task
 * (issue 19: 42-53 ms at full speed on /login in Lighthouse profiles, a long task Lighthouse
 * multiplies by 4).
 *
 * In the build, the update is made in a transition: the commit ends its task, and the render
 * that drops the missing ids comes in a task of its own, as React schedules any transition.
 * Until then `aria-describedby` names an id nobody has, which assistive technology ignores,
 * as it does once the id is dropped. Dev and Vitest keep react-aria as published
 * (config/library-edits.ts), and every e2e test (axe on every screen) runs on this build.
 */
export function slotIdsInTransition(): Plugin {
  return libraryEdits('slot-ids-in-transition', [{ module: SLOT_ID_MODULE }], (_, code, id) =>
    applySlotIdEdits(code, id),
  )
}
