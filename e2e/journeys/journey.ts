// The real side of a journey: one browser context at phone width on the e2e build, its
// network watched (every API answer, every keyed POST with its Idempotency-Key) and, on a
// command's request, the next API calls broken or slowed. The invariants read what is
// recorded here.
import type { Browser, BrowserContext, Page, Route } from '@playwright/test'
import { findOperation, loadContract, type Contract } from '../../fuzz/contract'
import { API_PREFIX } from '../serve-build'
import { openRequests, quiet, sleep } from '../settle'
import type { Start } from './model'
import { HTML_502 } from '../gateway-page'

/** Phone width: where the site is used most and where horizontal scroll is judged. */
export const VIEWPORT = { width: 375, height: 800 }
/** Where the app keeps its language and the mock scenario picker its scenario. */
const LOCALE_KEY = 'i18nextLng'
const SCENARIO_KEY = 'mock:scenario'
/**
 * The app retries a failed read twice, 1 s then 2 s later (src/lib/query-client.ts): after a
 * failed answer a page is drawn only once no retry can still come.
 */
const AFTER_FAILURE_MS = 3_500
const SETTLE_LIMIT_MS = 12_000

export type Answer = {
  command: number
  method: string
  path: string
  op: string
  /** The HTTP status, or 0 when no answer reached the page (offline, dropped). */
  status: number
}

export type KeyedPost = {
  command: number
  op: string
  key: string | undefined
  body: string
  /** 0 while unanswered or when no answer came. */
  status: number
  answered: boolean
}

/** What the next calls meet; `chunk` is the next code file the page loads, not an API call. */
export type FaultKind = '503' | 'html-502' | 'mock-500-or-drop' | 'dropped' | 'slow' | 'chunk'
export type Fault = { kind: FaultKind; ms?: number }

const contract: Contract = loadContract()

/** The POSTs the contract keys with an Idempotency-Key header: money and state moves. */
export const KEYED_OPERATIONS = new Set(
  Object.values(contract.document.paths as Record<string, Record<string, unknown>>).flatMap(
    (methods) =>
      Object.values(methods).flatMap((operation) => {
        const op = operation as { operationId?: string; parameters?: { $ref?: string }[] }
        const keyed = (op.parameters ?? []).some((parameter) => {
          const resolved = parameter.$ref
            ? parameter.$ref
                .slice(2)
                .split('/')
                .reduce<unknown>(
                  (node, part) => (node as Record<string, unknown>)[part],
                  contract.document,
                )
            : parameter
          return (resolved as { name?: string }).name?.toLowerCase() === 'idempotency-key'
        })
        return keyed && op.operationId ? [op.operationId] : []
      }),
  ),
)

export class Journey {
  readonly errors: string[] = []
  readonly answers: Answer[] = []
  readonly keyed: KeyedPost[] = []
  readonly faults: Fault[] = []
  /** The commands run so far, as printed. */
  readonly log: string[] = []
  /** Index of the command running now (0: the journey's start). */
  command = 0
  commandStartedAt = Date.now()
  /** Answers before this index were given before the last login: their 401s are old news. */
  sessionFrom = 0
  /** The commands that pressed a main action: each press is one intent. */
  readonly presses: number[] = []
  /** The `?redirect=` of the /login page a login was sent from, until checked. */
  redirectAsked: string | null = null
  /** The page drew its data since it was opened (an error state later means it was lost). */
  heldData = false
  /** When an API call last failed (5xx or no answer). */
  lastFailureAt = 0
  private network = { pending: 0 }

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly base: string,
    readonly mockUrl: string,
  ) {}

  static async open(browser: Browser, base: string, mockUrl: string, start: Start) {
    const context = await browser.newContext({
      viewport: VIEWPORT,
      baseURL: base,
      serviceWorkers: 'block',
    })
    // tsx names functions with a `__name` helper; functions evaluated in the page need it too.
    await context.addInitScript('globalThis.__name = (fn) => fn')
    // The journey's language and scenario on its first page only: a language the player
    // switched to later must survive a reload.
    await context.addInitScript(
      ([entries]) => {
        for (const [key, value] of entries) {
          if (localStorage.getItem(key) === null) localStorage.setItem(key, value)
        }
      },
      [
        [
          [LOCALE_KEY, start.locale],
          [SCENARIO_KEY, start.scenario],
        ],
      ] as const,
    )
    const page = await context.newPage()
    const journey = new Journey(context, page, base, mockUrl)
    await journey.watch()
    if (start.loggedIn) await journey.logInByApi(start.scenario)
    await page.clock.install()
    await journey.goto(start.path)
    // The start is where the page settles (a guard may move a player off /login): the first
    // command acts on what the player sees, not on a page about to be replaced.
    await journey.settle()
    return journey
  }

  private async watch() {
    const { context, page, base } = this
    // Anything off the site's origin (an image URL in a body) fails at once.
    await context.route(
      (url) => url.origin !== base,
      (route) => route.abort(),
    )
    await context.route(`${base}${API_PREFIX}/v2/**`, (route) => this.answer(route))
    await context.route(`${base}/assets/*.js`, (route) => {
      const index = this.faults.findIndex((fault) => fault.kind === 'chunk')
      if (index < 0) return route.continue()
      this.faults.splice(index, 1)
      return route.abort('connectionreset')
    })
    await context.exposeBinding('journeysRejection', (_source, reason: string) => {
      this.errors.push(`unhandled rejection: ${reason}`)
    })
    await context.addInitScript(() => {
      window.addEventListener('unhandledrejection', (event) => {
        const reason = event.reason as { stack?: string } | undefined
        const report = (window as unknown as { journeysRejection: (r: string) => void })
          .journeysRejection
        void report(String(reason?.stack ?? reason).split('\n')[0] ?? '')
      })
    })
    page.on('pageerror', (error) => this.errors.push(`uncaught: ${error.message.split('\n')[0]}`))
    this.network = openRequests(page)
    const posts = new Map<object, KeyedPost>()
    const apiPath = (url: string) => {
      const { pathname } = new URL(url)
      return pathname.startsWith(`${API_PREFIX}/v2/`) ? pathname.slice(API_PREFIX.length) : null
    }
    const opOf = (method: string, path: string) => findOperation(contract, method, path)?.id ?? '?'
    page.on('request', (request) => {
      const path = apiPath(request.url())
      if (!path || request.method() !== 'POST') return
      const op = opOf('POST', path)
      if (!KEYED_OPERATIONS.has(op)) return
      const post: KeyedPost = {
        command: this.command,
        op,
        key: request.headers()['idempotency-key'],
        body: request.postData() ?? '',
        status: 0,
        answered: false,
      }
      posts.set(request, post)
      this.keyed.push(post)
    })
    const answered = (url: string, method: string, status: number, request: object) => {
      const path = apiPath(url)
      if (!path) return
      this.answers.push({ command: this.command, method, path, op: opOf(method, path), status })
      if (status === 0 || status >= 500) this.lastFailureAt = Date.now()
      const post = posts.get(request)
      if (post) Object.assign(post, { status, answered: status !== 0 })
    }
    page.on('response', (response) => {
      const request = response.request()
      answered(request.url(), request.method(), response.status(), request)
    })
    page.on('requestfailed', (request) => answered(request.url(), request.method(), 0, request))
  }

  /** Every API call passes here: the next one takes the first fault queued, if any. */
  private async answer(route: Route) {
    const index = this.faults.findIndex((f) => f.kind !== 'chunk')
    const fault = index < 0 ? undefined : this.faults.splice(index, 1)[0]
    if (!fault) return route.continue()
    switch (fault.kind) {
      case '503':
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'INTERNAL_ERROR', message: 'Service Unavailable' }),
        })
      case 'html-502':
        return route.fulfill(HTML_502)
      case 'dropped':
        return route.abort('connectionreset')
      // The mock's own chaos, per call (mock/README.md): its documented 500 or a dropped
      // connection, and its latency.
      case 'mock-500-or-drop':
        return route.continue({
          headers: { ...route.request().headers(), 'x-mock-fail-rate': '1' },
        })
      case 'chunk':
        return route.continue()
      case 'slow':
        return route.continue({
          headers: { ...route.request().headers(), 'x-mock-latency': String(fault.ms ?? 3000) },
        })
    }
  }

  /** A call to the mock itself with the browser's session cookie (its `/__mock` endpoints). */
  async mock(path: string, init: RequestInit = {}) {
    const cookies = await this.context.cookies(this.base)
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    return fetch(`${this.mockUrl}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), cookie },
    })
  }

  /** A session opened as the mock opens one for any well-formed login: its cookie, set here. */
  async logInByApi(scenario: string) {
    const { CREDENTIALS } = await import('../support')
    const response = await fetch(`${this.mockUrl}/v2/players/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mock-scenario': scenario },
      body: JSON.stringify(CREDENTIALS),
    })
    if (!response.ok) throw new Error(`mock login failed: ${response.status}`)
    const [name, value] = (response.headers.get('set-cookie') ?? '').split(';')[0]!.split('=')
    await this.context.addCookies([{ name: name!, value: value!, url: this.base }])
    this.sessionFrom = this.answers.length
  }

  async goto(path: string) {
    await this.page.goto(path, { waitUntil: 'load', timeout: 20_000 })
  }

  /** Marks the start of a command: what is recorded from now on belongs to it. */
  begin(index: number) {
    this.command = index
    this.commandStartedAt = Date.now()
  }

  /**
   * Waits until the page has drawn what the command set off: no request open for a moment and,
   * after a failed answer, no retry still to come.
   */
  async settle() {
    const deadline = Date.now() + SETTLE_LIMIT_MS
    do {
      await quiet(this.network, deadline - Date.now())
      const sinceFailure = Date.now() - this.lastFailureAt
      if (sinceFailure >= AFTER_FAILURE_MS) return
      await sleep(Math.min(AFTER_FAILURE_MS - sinceFailure, deadline - Date.now()))
    } while (Date.now() < deadline)
  }

  /** The page's path and query as the address bar shows them, or '' off the site. */
  where() {
    const url = new URL(this.page.url())
    return url.origin === this.base ? `${url.pathname}${url.search}` : ''
  }

  async close() {
    await this.context.close().catch(() => undefined)
  }
}
