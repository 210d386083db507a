// One small interface over the two ways we drive a browser that is not Playwright's Chromium:
// WebKitGTK through its W3C WebDriver server (WebKitWebDriver + MiniBrowser under Xvfb) and
// Firefox ESR (and Debian's Chromium, the reference) through puppeteer-core. The journeys
// (./journeys.ts) see only `Tab`: they find elements in the page by role and name, press and
// type through the driver (real input events), and read the page with scripts.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { SYSTEM_CHROMIUM, systemChromium } from '../../scripts/chromium.mjs'
import { sleep } from '../settle'
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core'

export type EngineName = 'chromium' | 'firefox' | 'webkit'

/** What a journey asks of a browser tab. */
export interface Tab {
  readonly engine: EngineName
  readonly width: number
  goto(url: string): Promise<void>
  /** Runs `body` (a function body; `args` as `arguments`) in the page, awaits what it returns. */
  run<T>(body: string, ...args: unknown[]): Promise<T>
  /** Presses the element the page script `finder` (a function body) returns. */
  press(finder: string, ...args: unknown[]): Promise<void>
  /** Types into the element the page script `finder` returns, after emptying it. */
  type(finder: string, text: string, ...args: unknown[]): Promise<void>
  /** Presses Tab once. */
  tab(): Promise<void>
  png(): Promise<Buffer>
  /** Script errors and unhandled rejections the page has had since the last call. */
  takeErrors(): Promise<string[]>
  /** Deletes the browser's cookies: the session ends, as in a fresh browser. */
  clearCookies(): Promise<void>
  close(): Promise<void>
}

const wrap = (body: string) => `return (async function () { ${body} }).apply(null, arguments)`

// Collected in the page; puppeteer also reports errors thrown before it could be installed.
const ERROR_TRAP = `
  if (!window.__engineErrors) {
    window.__engineErrors = []
    addEventListener('error', (e) => window.__engineErrors.push(String(e.message || e)))
    addEventListener('unhandledrejection', (e) => window.__engineErrors.push('unhandled: ' + String(e.reason && (e.reason.stack || e.reason.message) || e.reason)))
  }`
const TAKE_ERRORS = `${ERROR_TRAP}; const taken = window.__engineErrors.splice(0); return taken`

// ---------------------------------------------------------------- puppeteer: Firefox, Chromium

/**
 * Firefox reports a web font whose download the next navigation cut off (status
 * NS_BINDING_ABORTED, 0x804B0002) as a page error. The player left the page; nothing failed. A
 * font that fails to load for any other status is still an error.
 */
const ABORTED_BY_NAVIGATION = /^downloadable font: download failed .*status=2152398850\b/

/**
 * Firefox also reports a script its service worker was answering, cut off when the tab leaves
 * the page (a lazy chunk fetched once the page settled), as an error of the page being left.
 * Only while the journey itself navigates (`goto`) is that the navigation's doing; at any
 * other time the same message is a failure.
 */
const CUT_OFF_BY_LEAVING =
  /^Failed to load ‘[^’]+’\. A ServiceWorker intercepted the request and encountered an unexpected error\.$/

class PuppeteerTab implements Tab {
  private errors: string[] = []
  /** Set while `goto` leaves the page for another. */
  private leaving = false
  constructor(
    readonly engine: EngineName,
    readonly width: number,
    private readonly browser: Browser,
    private readonly page: Page,
  ) {
    page.on('pageerror', (error) => {
      const message = String((error as Error).message ?? error)
      if (ABORTED_BY_NAVIGATION.test(message)) return
      if (this.leaving && CUT_OFF_BY_LEAVING.test(message)) return
      this.errors.push(message)
    })
  }
  async goto(url: string) {
    this.leaving = true
    try {
      await this.page.goto(url, { waitUntil: 'load' })
    } finally {
      this.leaving = false
    }
  }
  async run<T>(body: string, ...args: unknown[]): Promise<T> {
    const fn = new Function(wrap(body)) as (...a: unknown[]) => Promise<T>
    return (await this.page.evaluate(fn, ...args)) as T
  }
  private async element(finder: string, args: unknown[]) {
    const fn = new Function(wrap(finder)) as (...a: unknown[]) => Promise<Element | null>
    const handle = await this.page.evaluateHandle(fn, ...args)
    const element = handle.asElement() as ElementHandle<Element> | null
    if (!element) throw new Error(`nothing found by ${finder.slice(0, 80)}`)
    return element
  }
  async press(finder: string, ...args: unknown[]) {
    await (await this.element(finder, args)).click()
  }
  async type(finder: string, text: string, ...args: unknown[]) {
    const element = await this.element(finder, args)
    await element.click({ count: 3 })
    await this.page.keyboard.press('Backspace')
    await element.type(text)
  }
  async tab() {
    await this.page.keyboard.press('Tab')
  }
  async png() {
    return Buffer.from(await this.page.screenshot({ type: 'png' }))
  }
  async takeErrors() {
    const inPage = await this.run<string[]>(TAKE_ERRORS)
    const all = [...this.errors, ...inPage.filter((e) => !this.errors.some((x) => x.includes(e)))]
    this.errors = []
    return [...new Set(all)]
  }
  async clearCookies() {
    await this.browser.deleteCookie(...(await this.browser.cookies()))
  }
  async close() {
    await this.browser.close()
  }
}

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
// The Chromium the e2e suite drives (CHROMIUM_PATH, else Debian's).
const CHROMIUM = systemChromium() ?? SYSTEM_CHROMIUM

/**
 * A headless tab. Firefox on Linux draws classic scrollbars that take 12 px of the width (as on
 * a desktop, which the journeys keep: nothing may scroll sideways with them); `overlayScrollbars`
 * draws them over the page as phones and Chromium's headless screenshots do (the gallery).
 */
export async function puppeteerTab(
  engine: 'chromium' | 'firefox',
  width: number,
  height: number,
  { overlayScrollbars = false } = {},
) {
  const executablePath = engine === 'firefox' ? FIREFOX : CHROMIUM
  const browser = await puppeteer.launch({
    browser: engine === 'firefox' ? 'firefox' : 'chrome',
    executablePath,
    headless: true,
    args: engine === 'chromium' ? ['--no-sandbox', '--no-first-run'] : [],
    extraPrefsFirefox: overlayScrollbars ? { 'ui.useOverlayScrollbars': 1 } : {},
  })
  const page = await browser.newPage()
  await page.setViewport({ width, height })
  return new PuppeteerTab(engine, width, browser, page)
}

// ---------------------------------------------------------------- WebDriver: WebKitGTK

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf'
type WebElement = { [ELEMENT]: string }
/** WebKitGTK's window will not go narrower than this (its toolbar's minimum). */
export const WEBKIT_MIN_WIDTH = 447

/** Xvfb and WebKitWebDriver, started once for every WebKit tab of a run. */
export class WebKitServer {
  private constructor(
    private readonly processes: ChildProcess[],
    readonly url: string,
  ) {}
  static async start(display = Number(process.env.ENGINES_DISPLAY ?? 97), port = 4466) {
    const xvfb = spawn(
      'Xvfb',
      [`:${display}`, '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'],
      {
        stdio: 'ignore',
      },
    )
    const driver = spawn('WebKitWebDriver', [`--port=${port}`], {
      env: { ...process.env, DISPLAY: `:${display}` },
      stdio: 'ignore',
    })
    const url = `http://127.0.0.1:${port}`
    // WebDriver's own readiness endpoint says when new sessions can be made.
    const end = Date.now() + 15_000
    while (
      !(await fetch(`${url}/status`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > end) throw new Error('WebKitWebDriver did not start within 15 s')
      await sleep(100)
    }
    return new WebKitServer([driver, xvfb], url)
  }
  stop() {
    for (const child of this.processes) child.kill()
  }
}

export const MINIBROWSER =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'

class WebDriverTab implements Tab {
  readonly engine = 'webkit' as const
  constructor(
    readonly width: number,
    private readonly base: string,
  ) {}
  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${this.base}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await answer.json()) as { value: T & { error?: string; message?: string } }
    if (!answer.ok) throw new Error(`WebDriver ${path}: ${json.value.error} ${json.value.message}`)
    return json.value
  }
  async goto(url: string) {
    await this.call('POST', '/url', { url })
  }
  async run<T>(body: string, ...args: unknown[]): Promise<T> {
    // execute/async: the last argument is the callback; an error comes back as a value.
    const script = `const done = arguments[arguments.length - 1];
      (async function () { ${body} }).apply(null, Array.prototype.slice.call(arguments, 0, -1))
        .then((value) => done({ ok: value }), (error) => done({ error: String(error && error.stack || error) }))`
    const result = await this.call<{ ok?: T; error?: string }>('POST', '/execute/async', {
      script,
      args,
    })
    if (result.error) throw new Error(result.error)
    return result.ok as T
  }
  private async element(finder: string, args: unknown[]) {
    const found = await this.call<WebElement | null>('POST', '/execute/sync', {
      script: finder,
      args,
    })
    if (!found) throw new Error(`nothing found by ${finder.slice(0, 80)}`)
    return found[ELEMENT]
  }
  async press(finder: string, ...args: unknown[]) {
    await this.call('POST', `/element/${await this.element(finder, args)}/click`, {})
  }
  async type(finder: string, text: string, ...args: unknown[]) {
    const id = await this.element(finder, args)
    await this.call('POST', `/element/${id}/clear`, {})
    await this.call('POST', `/element/${id}/value`, { text })
  }
  async tab() {
    await this.call('POST', '/actions', {
      actions: [
        {
          type: 'key',
          id: 'keyboard',
          actions: [
            { type: 'keyDown', value: '\uE004' },
            { type: 'keyUp', value: '\uE004' },
          ],
        },
      ],
    })
  }
  async png() {
    return Buffer.from(await this.call<string>('GET', '/screenshot'), 'base64')
  }
  async takeErrors() {
    return this.run<string[]>(TAKE_ERRORS)
  }
  async resize(width: number, height: number) {
    await this.call('POST', '/window/rect', { width, height })
  }
  async clearCookies() {
    await this.call('DELETE', '/cookie')
  }
  async close() {
    await this.call('DELETE', '')
  }
}

export async function webkitTab(server: WebKitServer, width: number, height: number) {
  if (!existsSync(MINIBROWSER)) throw new Error(`no MiniBrowser at ${MINIBROWSER}`)
  // A new session waits while the driver still holds another: a minute, not fetch's 300 s.
  const answer = await fetch(`${server.url}/session`, {
    method: 'POST',
    signal: AbortSignal.timeout(60_000),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
        },
      },
    }),
  })
  const { value } = (await answer.json()) as { value: { sessionId: string } }
  const tab = new WebDriverTab(
    Math.max(width, WEBKIT_MIN_WIDTH),
    `${server.url}/session/${value.sessionId}`,
  )
  await tab.resize(tab.width, height)
  return tab
}

const onPath = (command: string) =>
  (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(`${dir}/${command}`))

/** The Debian packages an engine run needs that this machine lacks (.ci/run installs them). */
export function missingPackages(engines: EngineName[]): string[] {
  const missing = new Set<string>()
  if (!existsSync(CHROMIUM)) missing.add('chromium')
  if (engines.includes('firefox') && !existsSync(FIREFOX)) missing.add('firefox-esr')
  if (engines.includes('webkit')) {
    if (!onPath('WebKitWebDriver') || !existsSync(MINIBROWSER)) missing.add('webkit2gtk-driver')
    if (!onPath('Xvfb')) missing.add('xvfb')
  }
  return [...missing]
}

/** Ends the process, saying what to install, when this machine lacks an engine `tool` needs. */
export function exitUnlessInstalled(tool: string, engines: EngineName[]) {
  const missing = missingPackages(engines)
  if (!missing.length) return
  console.error(
    `${tool}: this machine lacks ${missing.join(', ')}. On Debian: \`apt-get install -y --no-install-recommends ${missing.join(' ')}\` (.ci/run does it).`,
  )
  process.exit(1)
}

/** A tab in `engine`, `width` CSS px wide (WebKit: at least WEBKIT_MIN_WIDTH). */
export function openTab(
  engine: EngineName,
  width: number,
  height: number,
  webkit?: WebKitServer,
  options?: { overlayScrollbars?: boolean },
): Promise<Tab> {
  if (engine !== 'webkit') return puppeteerTab(engine, width, height, options)
  if (!webkit) throw new Error('a WebKit tab needs the WebKit server started')
  return webkitTab(webkit, width, height)
}

/** The error trap, for a journey to install right after a page of its own has loaded. */
export const INSTALL_ERROR_TRAP = ERROR_TRAP
