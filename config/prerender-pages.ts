import type { OutputBundle } from 'rolldown'
import type { Plugin } from 'vite'
import type { LoadAppModule } from './app-modules.ts'
import { ENTRY_SCRIPT } from './preload-first-page.ts'

/**
 * Paint from the HTML: the visitor pages' first screen is in their HTML file, drawn
 * by the app's own components at build time (src/prerender.tsx through Vite's SSR module
 * loading, so no browser is needed), in the base language, as a visitor sees it before agency
 * info has arrived. The largest element (the page's title) is painted with the HTML and the CSS,
 * before any script has run.
 *
 * The prerender takes the place of index.html's generic shell (#html-shell): it is `inert`
 * (nothing in it can be focused, clicked or typed into: it is a picture of the page, not the
 * page) and hidden from assistive technology; the app removes it in the commit that first draws
 * its layout (src/features/layout/html-shell.ts), with the same boxes in the same places.
 *
 * Each page is a file of its own (PRERENDERED_PAGES); index.html keeps the generic shell and
 * stays the answer for every other path, so a host that knows nothing of these files still
 * serves a working site. The landing page (`/`) is drawn with its agency parts holding their
 * place (src/features/agency/landing-page.tsx).
 */
export const PRERENDERED_PAGES = {
  // Not `index.html`: that stays the generic shell every other path is answered with.
  '/': 'landing.html',
  '/login': 'login.html',
  '/register': 'register.html',
} as const satisfies Record<string, string>

const SHELL_START = '<div id="html-shell"'
/** src/features/layout/html-shell.ts: a prerendered page stays until the app drew its page. */
const PRERENDERED_ATTRIBUTE = 'data-prerendered'
const ROOT = '<div id="root"></div>'

/**
 * index.html with its generic shell replaced by a prerendered page, and without its entry
 * script: here the HTML is the page, so config/preload-first-page.ts starts the app once the
 * browser has painted it (`afterPaint`).
 */
export function withPrerenderedShell(indexHtml: string, pageHtml: string): string {
  if (/<script|\sstyle=/i.test(pageHtml)) {
    throw new Error('prerender-pages: the CSP allows no inline script or style attribute')
  }
  if (!ENTRY_SCRIPT.test(indexHtml)) throw new Error('prerender-pages: no entry script')
  indexHtml = indexHtml.replace(ENTRY_SCRIPT, '')
  const start = indexHtml.indexOf(SHELL_START)
  const end = indexHtml.indexOf(ROOT)
  if (start < 0 || end < start) throw new Error('prerender-pages: no #html-shell before #root')
  return (
    indexHtml.slice(0, start) +
    `${SHELL_START} ${PRERENDERED_ATTRIBUTE} aria-hidden="true" inert>${pageHtml}</div>\n    ` +
    indexHtml.slice(end)
  )
}

/**
 * `pageHtml(path, html)`: a page's finished HTML, before it is written (config/preload-first-page.ts
 * swaps in the preload script written for that page alone).
 */
export function prerenderPages(
  load: LoadAppModule,
  pageHtml: (path: string, html: string) => string = (_, html) => html,
): Plugin {
  return {
    name: 'prerender-pages',
    apply: 'build',
    // After preload-first-page, so every page's HTML carries its script too.
    enforce: 'post',
    async generateBundle(_, bundle: OutputBundle) {
      const index = bundle['index.html']
      if (index?.type !== 'asset' || typeof index.source !== 'string') {
        throw new Error('prerender-pages: no index.html in the bundle')
      }
      const indexHtml = index.source
      const { renderPage } = await load<{ renderPage: (path: string) => Promise<string> }>(
        '/src/prerender.tsx',
      )
      for (const [path, fileName] of Object.entries(PRERENDERED_PAGES)) {
        // The router's scroll restoration writes an inline script on the server; the CSP
        // would block it, and the app restores scroll itself once it runs.
        const page = (await renderPage(path)).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
        const html = pageHtml(path, withPrerenderedShell(indexHtml, page))
        this.emitFile({ type: 'asset', fileName, source: html })
      }
    },
  }
}
