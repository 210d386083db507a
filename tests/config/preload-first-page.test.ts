// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { preloadScript, routePattern } from '../../config/preload-first-page'

/** What config/preload-first-page.ts read from a build: two pages, their chunks, the catalogues. */
const SCRIPT = preloadScript(
  {
    pages: [
      [routePattern('index.tsx'), ['assets/landing.js'], 0],
      [routePattern('_public/login.tsx'), ['assets/login.js', 'assets/form.js'], 1],
      // A page without a part of the messages of its own loads them all.
      [routePattern('player/deposit/index.tsx'), ['assets/deposit.js', 'assets/form.js'], -1],
    ],
    catalogue: { lo: 'assets/lo-all.js', th: 'assets/th-all.js' },
    partFile: 'assets/page-messages-{locale}-{part}-h4sh.js',
    fontFiles: { lo: ['assets/lao.woff2'], th: ['assets/thai.woff2'] },
    pathFontFiles: [['/player/', { lo: ['assets/kip.woff2'] }]],
    entry: 'assets/index.js',
    start: ['assets/schemas.js'],
  },
  {
    localStorageKey: 'i18nextLng',
    locales: ['lo', 'th'],
    baseLocale: 'lo',
    fonts: { all: [] },
    afterPaint: [],
  },
)

/** Runs the script on `path` with `stored` as the stored language; the links it added. */
function preloadsOn(path: string, stored?: string) {
  document.head.replaceChildren()
  localStorage.clear()
  if (stored) localStorage.setItem('i18nextLng', stored)
  history.replaceState(null, '', path)
  // The build's own script, run as the browser would: a classic script in the global scope.
  new Function(SCRIPT)()
  const links = [...document.head.querySelectorAll('link')]
  const hrefs = (rel: string) =>
    links.filter((link) => link.rel === rel).map((link) => new URL(link.href).pathname)
  return { modules: hrefs('modulepreload'), fonts: hrefs('preload') }
}

describe('the preload script', () => {
  it("preloads a page's chunks, each named once however many pages share it", () => {
    expect(preloadsOn('/login').modules).toEqual([
      '/assets/page-messages-lo-1-h4sh.js',
      '/assets/schemas.js',
      '/assets/login.js',
      '/assets/form.js',
    ])
    expect(preloadsOn('/player/deposit').modules).toEqual([
      '/assets/lo-all.js',
      '/assets/schemas.js',
      '/assets/deposit.js',
      '/assets/form.js',
    ])
  })

  it("preloads the page's own part of the messages, in the player's language", () => {
    expect(preloadsOn('/').modules).toEqual([
      '/assets/page-messages-lo-0-h4sh.js',
      '/assets/schemas.js',
      '/assets/landing.js',
    ])
    expect(preloadsOn('/', 'th').modules).toEqual([
      '/assets/page-messages-th-0-h4sh.js',
      '/assets/schemas.js',
      '/assets/landing.js',
    ])
  })

  it('preloads all the messages where the service worker answers: it has them', () => {
    const worker = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker')
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: {} },
    })
    try {
      expect(preloadsOn('/login').modules).toEqual([
        '/assets/lo-all.js',
        '/assets/schemas.js',
        '/assets/login.js',
        '/assets/form.js',
      ])
    } finally {
      if (worker) Object.defineProperty(navigator, 'serviceWorker', worker)
      else delete (navigator as { serviceWorker?: unknown }).serviceWorker
    }
  })

  it('preloads all the messages where the path matches no page', () => {
    // The chunks every page asks for at start (the response check) too.
    expect(preloadsOn('/nowhere', 'th').modules).toEqual([
      '/assets/th-all.js',
      '/assets/schemas.js',
    ])
  })

  it("preloads the language's fonts, and a path's own", () => {
    expect(preloadsOn('/login', 'th').fonts).toEqual(['/assets/thai.woff2'])
    expect(preloadsOn('/player/deposit').fonts).toEqual(['/assets/lao.woff2', '/assets/kip.woff2'])
  })
})
