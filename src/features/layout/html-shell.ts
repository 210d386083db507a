import { useInsertionEffect } from 'react'

/** The shell index.html draws before any script has run. */
const SHELL_ID = 'html-shell'
/** Set on the shell when it is a prerendered page (config/prerender-pages.ts). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered'
/**
 * The user-timing mark set when the app takes over from the HTML: from then on the page is
 * the app's (on a prerendered page, the moment it can be used). `npm run bench` counts the
 * scripts asked for before it as the page's first load.
 */
export const HANDED_OVER_MARK = 'html-shell-handed-over'

/**
 * Hands over from the HTML's shell to the app: removes the shell in the commit that first
 * draws the app, before the browser paints, so the player never sees both, and the app's parts
 * take the place of the shell's in one frame. Used by the layout and by the root's error page
 * (every first screen the app can draw).
 *
 * An insertion effect, not a layout effect: it runs before any component's layout effect, and
 * a layout effect of the page (run before its parents') that measures the page found #root
 * still hidden behind the shell. The game grid measured no width there and drew two columns
 * for a frame at 1280 px, then five: a layout shift of 0.07 (`e2e/games.spec.ts`).
 *
 * index.html's generic shell (a header bar and a loading mark) goes as soon as the layout
 * draws. A prerendered page (/login, /register) stays until `pageDrawn`: the app's own drawing
 * of that page replaces it, rather than the layout's loading mark for a frame between the two.
 */
export function useHtmlShellHandOver(pageDrawn = true) {
  useInsertionEffect(() => {
    const shell = document.getElementById(SHELL_ID)
    if (shell && (pageDrawn || !shell.hasAttribute(PRERENDERED_ATTRIBUTE))) {
      shell.remove()
      performance.mark?.(HANDED_OVER_MARK)
    }
  }, [pageDrawn])
}
