// The experiment's fourth row (bench/README.md, "The experiment"): the site's own
// prerendered /login (dist/login.html) with every script taken out, so what is left is the
// page's HTML, its stylesheet and its web fonts. What it costs the goals counted from the
// first paint (TBT above all) is what the site's look costs before any of its script runs:
// a floor under the site's /login that no change to the JS can go below. One empty deferred
// script stays in its place: the site's deferred preload script holds DOMContentLoaded until
// the stylesheet is in, and without it Chromium laid the page out unstyled first (decision
// 009), a cost the site no longer pays.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** The page's path in the experiment's server, and its file there. */
export const SITE_HTML_ONLY_PATH = '/login-html-only'
/** The empty deferred script that stands in for the site's preload script. */
const HOLD_FILE = 'login-html-only-hold.js'

/**
 * Writes `<experimentDist>/login-html-only.html` from the site's `<siteDist>/login.html`
 * without its scripts and the manifest, and copies the stylesheet and fonts it uses (hashed
 * names: nothing of the experiment's own is overwritten). Run after both builds.
 */
export function writeSiteHtmlOnly(siteDist: string, experimentDist: string) {
  const html = readFileSync(join(siteDist, 'login.html'), 'utf8')
  if (!/<script defer src="[^"]+"><\/script>/.test(html)) {
    throw new Error('login.html: no deferred preload script')
  }
  const stripped = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="(?:modulepreload|manifest)"[^>]*>/g, '')
  if (/<script\b/.test(stripped)) throw new Error('login.html: a script is left')
  writeFileSync(
    join(experimentDist, 'assets', HOLD_FILE),
    '// Runs nothing (bench/site-html-only.ts).\n',
  )
  writeFileSync(
    join(experimentDist, `${SITE_HTML_ONLY_PATH.slice(1)}.html`),
    stripped.replace('</head>', `<script defer src="/assets/${HOLD_FILE}"></script></head>`),
  )
  for (const file of readdirSync(join(siteDist, 'assets'))) {
    if (/\.(css|woff2?)(\.br|\.gz)?$/.test(file)) {
      copyFileSync(join(siteDist, 'assets', file), join(experimentDist, 'assets', file))
    }
  }
  // The page's icon, which the browser asks for as the page loads.
  const icon = /<link rel="icon"[^>]* href="\/([^"]+)"/.exec(stripped)?.[1]
  if (!icon) throw new Error('login.html: no icon link')
  mkdirSync(dirname(join(experimentDist, icon)), { recursive: true })
  copyFileSync(join(siteDist, icon), join(experimentDist, icon))
}
