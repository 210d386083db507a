import { PART_FILES_GLOB } from './message-parts.ts'
import type { Plugin } from 'vite'
import type { VitePWAOptions } from 'vite-plugin-pwa'
import { PRERENDERED_PAGES } from './prerender-pages.ts'

/**
 * The installable site (decision 017): the web app manifest and the service worker
 * Workbox generates (vite-plugin-pwa, `generateSW`). The worker precaches the hashed assets and
 * the shell (index.html), so a repeat visit paints and runs with no network for the app; it
 * never caches the API (no runtime route matches /api) and never takes over by itself:
 * `registerType: 'prompt'` waits for the player's "reload" (src/lib/service-worker.ts).
 *
 * Per agency: the name and icons come from the build's environment (AGENCY_NAME,
 * AGENCY_SHORT_NAME, AGENCY_ICON_192/512 as URLs or public/ paths), one build per agency as
 * docs/deploy.md says; without them, a neutral name and the default logo.
 */
export function pwaOptions(env: Record<string, string>): Partial<VitePWAOptions> {
  const name = env.AGENCY_NAME || 'Game Credit'
  const icon192 = env.AGENCY_ICON_192 || '/icons/icon-192.png'
  const icon512 = env.AGENCY_ICON_512 || '/icons/icon-512.png'
  return {
    registerType: 'prompt',
    // Registered by our code at idle after load, not by a script in index.html.
    injectRegister: false,
    // The icons and the manifest are in globPatterns already: listed once.
    includeManifestIcons: false,
    manifest: {
      name,
      short_name: env.AGENCY_SHORT_NAME || name.slice(0, 12),
      description: name,
      lang: 'lo',
      // The player home: the guard sends a visitor without a session to /login.
      start_url: '/player/game/askmebet?tab=Slot',
      scope: '/',
      display: 'standalone',
      // The shell's surface colour (src/styles.css --color-surface; index.html theme-color).
      theme_color: '#0b1020',
      background_color: '#0b1020',
      icons: [
        { src: icon192, sizes: '192x192', type: 'image/png' },
        { src: icon512, sizes: '512x512', type: 'image/png' },
        {
          src: '/icons/maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      // The app itself: scripts, styles, the shell, icons. Fonts are cached as they are used
      // (Noto Sans SC alone is ~100 subsets), source maps and precompressed twins never.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The pages' parts of the messages serve a first load only: the worker answers with each
      // language's whole file (config/message-parts.ts).
      globIgnores: ['**/*.map', 'mock/**', 'manifest.webmanifest', `assets/${PART_FILES_GLOB}`],
      // Every other path gets the shell. /login and /register get their prerendered pages
      // (config/prerender-pages.ts) from the precache itself, which answers `/login` with
      // `login.html` (Workbox's cleanURLs), also with a post-login destination in the query,
      // and `/` with the landing's (its directory index); a page with its own copy of the
      // shell (`/player/deposit`: `player/deposit.html`, config/preload-first-page.ts) gets that.
      navigateFallback: 'index.html',
      directoryIndex: PRERENDERED_PAGES['/'],
      ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^redirect$/],
      // The API and the mock's pages are never answered by the worker.
      navigateFallbackDenylist: [/^\/api\//, /^\/mock\//],
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.woff2'),
          handler: 'CacheFirst',
          options: { cacheName: 'fonts', expiration: { maxEntries: 60 } },
        },
      ],
    },
  }
}

/** vite-plugin-pwa's tag for the manifest, which its build step puts before `</head>`. */
const MANIFEST_LINK = /<link rel="manifest" href="[^"]*"(?: crossorigin="use-credentials")?>/g

/**
 * The manifest linked by the app once the page is quiet, not by the HTML (decisions 009
 * and 017). With the link in the HTML, Chromium checks whether the site can be installed as the
 * page loads: it reads the manifest and has the page's renderer download and decode the icon,
 * in a task of the page's main thread, while the app is starting. The player is offered the
 * install only once they have used the page (src/lib/service-worker.ts), so nothing needs the
 * check that early: the app links the manifest after `load`, once the page has been quiet a
 * while (`linkWebManifestWhenQuiet`). Measured under Lighthouse's mobile run, the HTML with and
 * without the link alternated (decision 009): TBT 0.6x without on
 * `/login` and on deposit, lower in each of eight pairs.
 *
 * After vite-plugin-pwa's own step (both `post`; this plugin comes after it in the config), so
 * the prerendered pages and the pages' copies of index.html, made from it, have no link either.
 * The build fails if the plugin's tag is not there once: a changed library is noticed.
 */
export function manifestLinkOutOfHtml(): Plugin {
  return {
    name: 'manifest-link-out-of-html',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const found = html.match(MANIFEST_LINK)?.length ?? 0
        if (found !== 1)
          throw new Error(
            `manifest-link-out-of-html: expected vite-plugin-pwa's one <link rel="manifest"> in index.html, found ${found}`,
          )
        return html.replace(MANIFEST_LINK, '')
      },
    },
  }
}
