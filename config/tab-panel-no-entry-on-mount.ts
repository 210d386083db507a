import type { Plugin } from 'vite'
import { applyEdits, libraryEdits, privateModule, type Edit } from './library-edits.ts'

/** react-aria-components' `Tabs` module (its `TabPanel`). */
export const TABS_MODULE = privateModule('react-aria-components', 'Tabs')

/**
 * The edit: the panel shown from the first render hands react-aria's entry hook a ref of its
 * own that never holds an element (`useRef(null)`, a hook the panel calls on every render, so
 * their order stays), and the hook, finding no element, neither asks the browser for its
 * animations nor ends the entering state. Other panels keep their own ref. One line, kept as
 * one (the module's source map stays true).
 */
export const TAB_PANEL_EDITS: readonly Edit[] = [
  {
    find: /^(\s*)let isEntering = \(0, (\$\w+\$useEnterAnimation)\)\(ref\) && !isInitiallySelected;$/gm,
    count: 1,
    replace: (_, space, useEnterAnimation) =>
      `${space}let noEntryRef = (0, $4KeVI$useRef)(null); let isEntering = (0, ${useEnterAnimation})(isInitiallySelected ? noEntryRef : ref) && !isInitiallySelected;`,
  },
  // The module's React `useRef`, which the edit calls, under the name it has there.
  {
    find: /^import .*useRef as \$4KeVI\$useRef\b.* from "react";$/gm,
    count: 1,
    replace: (line) => line,
  },
]

/** react-aria-components' `Tabs.mjs` with the edit; throws when the module no longer fits. */
export const applyTabPanelEdits = (code: string, id: string) =>
  applyEdits(TAB_PANEL_EDITS, code, {
    id,
    what: "react-aria-components' TabPanel",
    by: 'config/tab-panel-no-entry-on-mount.ts',
  })

/**
 * react-aria-components' `TabPanel` prepares an entry animation as it mounts
 * (`useEnterAnimation`): two layout effects ask the panel's element for its running
 * animations (`getAnimations()`, which makes the browser compute the page's styles there and
 * then) and, finding none, end the entering state with a synchronous update. For the panel
 * shown from the first render react-aria never shows that state (`isEntering` is false while
 * `isInitiallySelected`), yet the work runs: on the game page's first load it put the first
 * frame's style computation inside React's commit (14 ms at full speed; decision 009),
 * where Lantern counts a script task four times and a
 * style task twice. No panel of ours animates.
 *
 * In the build that panel's hook gets a ref with no element, so it does none of it; a panel
 * selected later mounts with its own ref and runs the hook as published. When the first panel
 * is left, react-aria renders it once more as it exits with its own ref, and the hook, still
 * entering, may then cancel CSS transitions on it and mark it `data-entering` for that render:
 * harmless while no panel animates (a panel that does should drop this edit). Dev and Vitest
 * keep react-aria as published (config/library-edits.ts); `e2e/games.spec.ts` walks the tabs on
 * this build.
 */
export function tabPanelNoEntryOnMount(): Plugin {
  return libraryEdits('tab-panel-no-entry-on-mount', [{ module: TABS_MODULE }], (_, code, id) =>
    applyTabPanelEdits(code, id),
  )
}
