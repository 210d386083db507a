import type { Plugin } from 'vite'
import { applyEdits, libraryEdits, privateModule, type Edit } from './library-edits.ts'

/** react-aria's `useHasTabbableChild` (a tab panel is a tab stop only when nothing in it is). */
export const TABBABLE_CHILD_MODULE = privateModule('react-aria', 'focus/useHasTabbableChild')

/**
 * The two edits: the layout effect's first look asks for the next frame instead of walking at
 * once, and its cleanup cancels that frame beside disconnecting the observer. Each keeps its
 * line (the module's source map stays true).
 */
export const TABBABLE_CHILD_EDITS: readonly Edit[] = [
  {
    find: /^(\s*)update\(\);$/gm,
    count: 1,
    replace: (_, space) => `${space}let frame = requestAnimationFrame(update);`,
  },
  {
    find: /^(\s*)observer\.disconnect\(\);$/gm,
    count: 1,
    replace: (_, space) => `${space}observer.disconnect(); cancelAnimationFrame(frame);`,
  },
]

/** react-aria's `useHasTabbableChild.mjs` looking after the frame; throws when it no longer fits. */
export const applyTabbableChildEdits = (code: string, id: string) =>
  applyEdits(TABBABLE_CHILD_EDITS, code, {
    id,
    what: "react-aria's useHasTabbableChild",
    by: 'config/tabbable-child-after-frame.ts',
  })

/**
 * react-aria's `TabPanel` is a tab stop of its own only while nothing inside it is
 * (`useHasTabbableChild`): a layout effect walks the panel for a tabbable element after every
 * render. The walk asks each element whether it is visible (`checkVisibility`), which makes the
 * browser compute the page's styles there and then. On the game page's first load that put the
 * first frame's style recalculation inside React's commit (27 ms at full speed of a 162 ms
 * commit task in a Lighthouse profile), and the walk's answer (`true`: the first Play button)
 * was a state update in a layout effect, so a synchronous render in the same task.
 *
 * In the build the walk waits for the next frame (`requestAnimationFrame`): the styles it reads
 * are the ones that frame computes anyway, in the task that lays the page out, and its answer
 * renders as any update does, in a task of its own. Until then the panel keeps react-aria's
 * first answer (`tabIndex` 0, no tabbable child), for one frame. The observer that looks again
 * when the panel's content changes starts at once, as published. Dev and Vitest keep react-aria
 * as published (config/library-edits.ts); `e2e/games.spec.ts` checks, on this build, that the
 * panel is no tab stop once its games are there and that Tab from the tabs reaches the first.
 */
export function tabbableChildAfterFrame(): Plugin {
  return libraryEdits(
    'tabbable-child-after-frame',
    [{ module: TABBABLE_CHILD_MODULE }],
    (_, code, id) => applyTabbableChildEdits(code, id),
  )
}
