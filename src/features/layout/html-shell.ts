import { useLayoutEffect } from 'react'

/** The shell index.html draws before any script has run (issue 19). */
const SHELL_ID = 'html-shell'

/**
 * Hands over from index.html's shell to the app: removes the shell in the commit that first
 * draws the app's own layout (a layout effect runs before the browser paints), so the player
 * never sees both, and the app's header takes the place of the shell's in one frame. Used by
 * the layout and by the root's error page (every first screen the app can draw).
 */
export function useHtmlShellHandOver() {
  useLayoutEffect(() => {
    document.getElementById(SHELL_ID)?.remove()
  }, [])
}
