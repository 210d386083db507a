// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import {
  pageShellFile,
  preloadScript,
  routePattern,
  scriptData,
  staticPath,
  type Page,
  type Script,
} from '../../config/preload-first-page'
import { operationOfCall, routePages } from '../../config/first-calls'
import { loadContract } from '../../mock/contract'
import { preloadPrerendered, preloadShell } from '../../src/preload'

/** What config/preload-first-page.ts read from a build: three pages, their chunks, the catalogues. */
const FILES: Script = {
  pages: [
    [routePattern('index.tsx'), ['assets/landing.js'], 0, []],
    [routePattern('_public/login.tsx'), ['assets/login.js', 'assets/form.js'], 1, []],
    // A page without a part of the messages of its own loads them all.
    [
      routePattern('player/deposit/index.tsx'),
      ['assets/deposit.js', 'assets/form.js'],
      -1,
      ['/api/v2/games/alphabet?locale={locale}'],
    ],
  ],
  catalogue: { lo: 'assets/lo-all.js', th: 'assets/th-all.js' },
  partFile: 'assets/page-messages-{locale}-{part}-h4sh.js',
  fonts: { lo: ['assets/lao.woff2'], th: ['assets/thai.woff2'] },
  pathFonts: [['/player/', { lo: ['assets/kip.woff2'] }]],
  atStart: ['assets/schemas.js'],
  everyCall: ['/api/v2/agency/info'],
  localStorageKey: 'i18nextLng',
  baseLocale: 'lo',
}

/** Runs `script`'s preload on the page now at `path`, as its built file would. */
function runScript(path: string, script: Script = FILES) {
  history.replaceState(null, '', path)
  const data = scriptData(script)
  if (script.afterPaint && script.entry) preloadPrerendered(data, script.afterPaint, script.entry)
  else preloadShell(data)
}

/** Runs the script on `path` with `stored` as the stored language, as the browser would. */
function runOn(path: string, stored?: string, script = FILES) {
  document.head.replaceChildren()
  delete (window as { __firstCalls?: unknown }).__firstCalls
  localStorage.clear()
  if (stored) localStorage.setItem('i18nextLng', stored)
  runScript(path, script)
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

  it('starts the calls and adds the modules one a task, the fonts at once: many in one task were a long task', () => {
    // Tasks the test runs one by one: the script yields through a MessageChannel.
    const tasks: (() => void)[] = []
    class OneTaskAtATime {
      port1: { onmessage: (() => void) | null } = { onmessage: null }
      port2 = { postMessage: () => tasks.push(() => this.port1.onmessage?.()) }
    }
    const real = window.MessageChannel
    window.MessageChannel = OneTaskAtATime as unknown as typeof MessageChannel
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')))
    vi.stubGlobal('fetch', fetch)
    const read = vi.spyOn(Storage.prototype, 'getItem')
    try {
      runOn('/player/deposit')
      const count = () => document.head.querySelectorAll('link').length + fetch.mock.calls.length
      // The script's own task: the first call that needs no language (the one every page
      // makes), and no storage read: the first read of localStorage waits for the browser.
      expect(fetch.mock.calls).toEqual([['/api/v2/agency/info', { credentials: 'include' }]])
      expect(read).not.toHaveBeenCalled()
      expect(count()).toBe(1)
      // Its own task: the language, and its two fonts at once (a font preloaded after the
      // first layout asked for it is fetched twice).
      tasks.shift()!()
      expect(read).toHaveBeenCalledWith('i18nextLng')
      expect(count()).toBe(3)
      // Then the call in the player's language and the four modules, one a task.
      for (let added = 4; added <= 8; added++) {
        tasks.shift()!()
        expect(count()).toBe(added)
      }
      expect(fetch).toHaveBeenLastCalledWith('/api/v2/games/alphabet?locale=lo', {
        credentials: 'include',
      })
      tasks.shift()?.()
      expect(tasks).toEqual([])
    } finally {
      window.MessageChannel = real
      read.mockRestore()
    }
  })

  it('reads the language before the first paint where the HTML is the page: it decides which words show', () => {
    document.documentElement.removeAttribute('data-prerender-hidden')
    runOn('/login', 'th', { ...FILES, afterPaint: ['/login'], entry: 'assets/index.js' })
    // At once, in the script's own task: a Lao page for a Thai player hides its words.
    expect(document.documentElement.hasAttribute('data-prerender-hidden')).toBe(true)
    expect(
      [...document.head.querySelectorAll('link[rel=preload]')].map((l) => l.getAttribute('href')),
    ).toEqual(['/assets/thai.woff2'])
    document.documentElement.removeAttribute('data-prerender-hidden')
  })

  it("starts the page's first calls, in the player's language, and leaves them for the app", async () => {
    const answer = Promise.resolve(new Response('{}'))
    const fetch = vi.fn(() => answer)
    vi.stubGlobal('fetch', fetch)
    runOn('/player/deposit', 'th')
    await laterTasks()
    expect(fetch.mock.calls).toEqual([
      ['/api/v2/agency/info', { credentials: 'include' }],
      ['/api/v2/games/alphabet?locale=th', { credentials: 'include' }],
    ])
    const started = (window as { __firstCalls?: Record<string, unknown> }).__firstCalls
    expect(Object.keys(started ?? {})).toEqual([
      '/api/v2/agency/info',
      '/api/v2/games/alphabet?locale=th',
    ])
    expect(started?.['/api/v2/agency/info']).toBe(answer)
  })

  it("starts every page's calls alone where the page has none of its own, none once the app has started", async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')))
    vi.stubGlobal('fetch', fetch)
    for (const path of ['/login', '/nowhere']) {
      runOn(path)
      await laterTasks()
      expect(fetch.mock.calls, path).toEqual([['/api/v2/agency/info', { credentials: 'include' }]])
      fetch.mockClear()
    }
    document.head.replaceChildren()
    ;(window as { __firstCalls?: unknown }).__firstCalls = null
    runScript('/player/deposit')
    await laterTasks()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('starts the first calls at once, the rest one a task: none the app has asked for itself, none once it let them go', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')))
    vi.stubGlobal('fetch', fetch)
    const page: Page = [
      routePattern('player/bank.tsx'),
      [],
      -1,
      ['/a', '/b', '/c', '/d', '/e', '/f'],
    ]
    const runBank = () => {
      delete (window as { __firstCalls?: unknown }).__firstCalls
      runScript('/player/bank', { ...FILES, pages: [page], everyCall: [] })
    }
    runBank()
    // Four in the script's own task (each fetch costs the main thread 1-5 ms); the rest wait
    // for the turn that reads the language.
    expect(fetch).toHaveBeenCalledTimes(4)
    // The app asks for the sixth itself before its turn (src/lib/api/first-calls.ts claims it).
    const shared = (window as { __firstCalls?: Record<string, unknown> }).__firstCalls!
    shared['/f'] = null
    await laterTasks()
    expect(fetch).toHaveBeenCalledTimes(5)

    fetch.mockClear()
    runBank()
    // The app no longer wants them (a 401: no session).
    ;(window as { __firstCalls?: unknown }).__firstCalls = null
    await laterTasks()
    expect(fetch).toHaveBeenCalledTimes(4)
  })

  it('leaves a call that fails, and that the app never takes, handled', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
      runOn('/')
      await laterTasks()
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })
})

describe('the built preload script', () => {
  /** The links a built script adds on `path`, its tasks done. */
  async function builtPreloadsOn(source: string, path: string) {
    document.head.replaceChildren()
    delete (window as { __firstCalls?: unknown }).__firstCalls
    localStorage.clear()
    history.replaceState(null, '', path)
    // A classic script in the global scope, as the browser runs it.
    new Function(source)()
    await laterTasks()
    return [...document.head.children].map(
      (element) => element.getAttribute('href') ?? element.getAttribute('src'),
    )
  }

  it('is src/preload.ts with its data in place: it adds what the module adds', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}')))
    const source = await preloadScript(FILES)
    for (const path of ['/login', '/player/deposit', '/nowhere']) {
      const built = await builtPreloadsOn(source, path)
      const fromModule = await preloadsOn(path)
      expect(built, path).toEqual([...fromModule.fonts, ...fromModule.modules])
    }
  })

  it("is written for one kind of page: the shell's has none of the prerendered page's work", async () => {
    const shell = await preloadScript(FILES)
    const prerendered = await preloadScript({
      ...FILES,
      afterPaint: ['/login'],
      entry: 'assets/index.js',
    })
    expect(shell).not.toContain('first-contentful-paint')
    expect(prerendered).toContain('first-contentful-paint')
    // jsdom has no paint entries: the page starts at once, its entry script first.
    expect(await builtPreloadsOn(prerendered, '/login')).toEqual([
      '/assets/lao.woff2',
      '/assets/index.js',
      '/assets/page-messages-lo-1-h4sh.js',
      '/assets/schemas.js',
      '/assets/login.js',
      '/assets/form.js',
    ])
  })
})

describe("the e2e build's preload script", () => {
  it("sends each call with the mock choices the app's client would send; a production script knows none", async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')))
    vi.stubGlobal('fetch', fetch)
    const calls = ['/api/v2/agency/info', '/api/v2/games/alphabet?locale={locale}']
    const contract = loadContract('generated/openapi.yaml')
    const e2e = await preloadScript({
      ...FILES,
      callOperations: Object.fromEntries(
        calls.map((call) => [call, operationOfCall(call, contract)]),
      ),
    })
    document.head.replaceChildren()
    delete (window as { __firstCalls?: unknown }).__firstCalls
    localStorage.clear()
    localStorage.setItem('mock:scenario', 'long-lists')
    localStorage.setItem('mock:prefer', JSON.stringify({ getAgencyInfo: 'code=500' }))
    history.replaceState(null, '', '/player/deposit')
    new Function(e2e)()
    await laterTasks()
    const scenario = { 'X-Mock-Scenario': 'long-lists' }
    expect(fetch.mock.calls).toEqual([
      [
        '/api/v2/agency/info',
        { credentials: 'include', headers: { Prefer: 'code=500', ...scenario } },
      ],
      ['/api/v2/games/alphabet?locale=lo', { credentials: 'include', headers: scenario }],
    ])
    // What it sent goes with the call: the app takes it only for a request that sends the same.
    const started = (window as { __firstCalls?: Record<string, { sentHeaders?: unknown }> })
      .__firstCalls
    expect(started?.['/api/v2/agency/info']?.sentHeaders).toEqual({
      Prefer: 'code=500',
      ...scenario,
    })
    localStorage.clear()

    const production = await preloadScript(FILES)
    expect(production).not.toContain('mock:')
    expect(production).not.toContain('X-Mock')
  })

  it('names the operation of each call, a static path before a template that matches it too', () => {
    const contract = loadContract('generated/openapi.yaml')
    expect(operationOfCall('/api/v2/agency/info', contract)).toBe('getAgencyInfo')
    expect(operationOfCall('/api/v2/players/credits/gclub_live', contract)).toBe(
      'getProviderCredit',
    )
    expect(operationOfCall('/api/v2/deposits/open', contract)).toBe('listOpenDeposits')
    expect(operationOfCall('/api/v2/games/alphabet?locale={locale}', contract)).toBe(
      'listAlphabetGames',
    )
    expect(operationOfCall('/api/v2/games?provider=gclub', contract)).toBe('listGames')
    expect(() => operationOfCall('/api/v2/nothing', contract)).toThrow(/no GET operation/)
  })
})

describe("a page's own copy of index.html", () => {
  it('is written for each route file that answers one path, as that path plus .html', () => {
    expect(staticPath('player/deposit/index.tsx')).toBe('/player/deposit')
    expect(staticPath('_public/login.tsx')).toBe('/login')
    expect(staticPath('index.tsx')).toBe('/')
    // A parameter answers many paths: those keep index.html.
    expect(staticPath('player/promotion/$promotionId.tsx')).toBeUndefined()
    // ... but one whose values are known is a page a value, each with its one path.
    expect(
      routePages('player/game/$provider.tsx').map(({ file, params }) => [staticPath(file), params]),
    ).toEqual([
      ['/player/game/alphabet', { provider: 'alphabet' }],
      ['/player/game/askmebet', { provider: 'askmebet' }],
      ['/player/game/gclub', { provider: 'gclub' }],
      ['/player/game/gclub_live', { provider: 'gclub_live' }],
    ])
    expect(routePages('player/promotion/$promotionId.tsx')).toEqual([
      { file: 'player/promotion/$promotionId.tsx', params: {} },
    ])
    expect(pageShellFile('/player/deposit')).toBe('player/deposit.html')
    expect(pageShellFile('/about')).toBe('about.html')
  })
})
