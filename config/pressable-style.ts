import type { Plugin } from 'vite'
import { injectedStyles } from './security-headers.ts'

/** The id react-aria's usePress looks for before it injects its style (react-aria's STYLE_ID). */
export const PRESSABLE_STYLE_ID = 'react-aria-pressable-style'

/**
 * react-aria's pressable style in every HTML page's head from the start.
 *
 * usePress injects a `<style>` into the head from an effect of the first pressable element to
 * mount. On a first load that is the page's commit: a new style sheet after the page's layout,
 * so the browser computes every element's style again, and when the effects run after the first
 * frame (a 4x CPU profile of /player/deposit) also lays the page out again. Found
 * by its id, the element already in the HTML is the one react-aria uses, and it adds nothing.
 *
 * The text is react-aria's byte for byte (tests/config/security-headers.test.ts reads it from
 * the installed library), so the CSP's hash allows it as it allowed the injected one. Added
 * after Vite's own HTML step (`order: 'post'`), which would minify an inline style and change
 * its hash; the prerendered pages are made from index.html after it, so they carry it too.
 */
export function pressableStyleInHtml(): Plugin {
  return {
    name: 'pressable-style-in-html',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'style',
          attrs: { id: PRESSABLE_STYLE_ID },
          children: injectedStyles.pressable,
          injectTo: 'head',
        },
      ],
    },
  }
}
