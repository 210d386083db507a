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

/** Runs the script on `path` with `stored` as the stored language, as the browser would. */
function runOn(path: string, stored?: string) {
  document.head.replaceChildren()
  localStorage.clear()
  if (stored) localStorage.setItem('i18nextLng', stored)
  history.replaceState(null, '', path)
  // The build's own script: a classic script in the global scope.
  new Function(SCRIPT)()
}

/** Tasks to come: the script adds one element a task. */
const laterTasks = () => new Promise((resolve) => setTimeout(resolve, 50))

/** Runs the script on `path` with `stored` as the stored language; the links it added. */
async function preloadsOn(path: string, stored?: string) {
  runOn(path, stored)
  await laterTasks()
  const links = [...document.head.querySelectorAll('link')]
  const hrefs = (rel: string) =>
    links.filter((link) => link.rel === rel).map((link) => new URL(link.href).pathname)
  return { modules: hrefs('modulepreload'), fonts: hrefs('preload') }
}

describe('the preload script', () => {
  it("preloads a page's chunks, each named once however many pages share it", async () => {
    expect((await preloadsOn('/login')).modules).toEqual([
      '/assets/page-messages-lo-1-h4sh.js',
      '/assets/schemas.js',
      '/assets/login.js',
      '/assets/form.js',
    ])
    expect((await preloadsOn('/player/deposit')).modules).toEqual([
      '/assets/lo-all.js',
      '/assets/schemas.js',
      '/assets/deposit.js',
      '/assets/form.js',
    ])
  })

  it("preloads the page's own part of the messages, in the player's language", async () => {
    expect((await preloadsOn('/')).modules).toEqual([
      '/assets/page-messages-lo-0-h4sh.js',
      '/assets/schemas.js',
      '/assets/landing.js',
    ])
    expect((await preloadsOn('/', 'th')).modules).toEqual([
      '/assets/page-messages-th-0-h4sh.js',
      '/assets/schemas.js',
      '/assets/landing.js',
    ])
  })

  it('preloads all the messages where the service worker answers: it has them', async () => {
    const worker = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker')
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: {} },
    })
    try {
      expect((await preloadsOn('/login')).modules).toEqual([
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

  it('preloads all the messages where the path matches no page', async () => {
    // The chunks every page asks for at start (the response check) too.
    expect((await preloadsOn('/nowhere', 'th')).modules).toEqual([
      '/assets/th-all.js',
      '/assets/schemas.js',
    ])
  })

  it("preloads the language's fonts, and a path's own", async () => {
    expect((await preloadsOn('/login', 'th')).fonts).toEqual(['/assets/thai.woff2'])
    expect((await preloadsOn('/player/deposit')).fonts).toEqual([
      '/assets/lao.woff2',
      '/assets/kip.woff2',
    ])
  })

  it('adds the modules one a task, the fonts at once: many in one task were a long task', () => {
    // Tasks the test runs one by one: the script yields through a MessageChannel.
    const tasks: (() => void)[] = []
    class OneTaskAtATime {
      port1: { onmessage: (() => void) | null } = { onmessage: null }
      port2 = { postMessage: () => tasks.push(() => this.port1.onmessage?.()) }
    }
    const real = window.MessageChannel
    window.MessageChannel = OneTaskAtATime as unknown as typeof MessageChannel
    try {
      runOn('/player/deposit')
      const count = () => document.head.querySelectorAll('link').length
      // Two fonts and four modules on this page: the fonts and the first module go in with the
      // script itself (a font preloaded after the first layout asked for it is fetched twice).
      expect(count()).toBe(3)
      for (let added = 4; added <= 6; added++) {
        tasks.shift()!()
        expect(count()).toBe(added)
      }
      tasks.shift()?.()
      expect(tasks).toEqual([])
    } finally {
      window.MessageChannel = real
    }
  })
})
