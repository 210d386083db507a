// What the bench (bench/run.ts) and the A/B (bench/ab.ts) share: the mock, the
// production-like preview servers, the logged-in session.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { createSecureServer } from 'node:http2'
import { connect, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import { preview, type PreviewServer } from 'vite'
import { withAppModules } from '../config/app-modules'
import { everyPageUrls, recordPageCalls } from '../config/first-calls'
import { API_BASE_URL } from '../src/lib/api/base-url'
import inlangSettings from '../project.inlang/settings.json' with { type: 'json' }

export const mockPort = Number(process.env.MOCK_PORT || 4010)

/**
 * V8 as a player's browser runs it. Lighthouse and Playwright enable DevTools' Runtime domain,
 * under which V8 records a detailed stack trace, with lines and columns, for every Error made.
 * React makes five as its module is evaluated, and V8 then parses the whole chunk holding it
 * again for those positions: the site's entry evaluated in one task of 600-900 ms at 4x CPU,
 * against 120-160 ms with positions recorded as code compiles, and no such task under raw CDP
 * without the Runtime domain (`Runtime.enable` alone brought it back). Recorded as code
 * compiles, the positions cost that capture nothing; a player's browser pays neither.
 */
export const PLAYER_V8 = '--js-flags=--no-enable-lazy-source-positions'

/*
 * The Chromium that Lighthouse drives. Lighthouse opens each page from about:blank in the same
 * tab, and Chromium's paint holding then defers the new page's compositor commits until a
 * load signal or a timeout. On a page that paints from its HTML with font preloads, that
 * signal came only at ~2.2 s in half the runs (the no-script `/login`: 4 of 8 runs late at
 * 2235-2301 ms, the rest 297-399 ms), which moved the observed first paint and, with it,
 * Lighthouse's FCP, LCP and the window TBT counts in. With the feature off: 4 of 4 at
 * 314-404 ms. A player opening the site from a link or a search has no previous page of
 * the same origin to hold (decision 009).
 *
 * Scrollbars hidden: under Lighthouse's mobile emulation a page taller than the screen gets
 * its overlay scrollbar shown at the first paint and faded some 300 ms later, about 20
 * frames the compositor draws in software here, each screenshotted into the trace, on the
 * two cores the page's main thread needs in its busiest second. A phone fades it on its GPU;
 * the floor and the experiment's pages fit one screen and never paid it, so the site's taller
 * pages did alone (decision 009).
 */
const LIGHTHOUSE_CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-features=PaintHolding',
  '--hide-scrollbars',
  // The HTTP/2 front below has a certificate of its own making.
  '--ignore-certificate-errors',
  PLAYER_V8,
]

/** Chromium from CHROME_PATH, else Debian's, else chrome-launcher's own search. */
export const chromePath =
  process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

/** A fresh Chromium for one Lighthouse run (the bench's and the A/B's alike). */
export function launchLighthouseChrome() {
  return chromeLauncher.launch({
    ...(chromePath ? { chromePath } : {}),
    chromeFlags: LIGHTHOUSE_CHROME_FLAGS,
  })
}

// Any well-formed login opens a session in the mock (README, "Working against the mock").
const CREDENTIALS = { username: 'souksavanh88', password: 'correct-horse-8' }

const isListening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => resolve(!!socket.end()))
    socket.once('error', () => resolve(false))
  })

let recordedCalls: Promise<Record<string, string[] | undefined>> | undefined

/** Rounds of the warm-up: the first is cold, the second still 2-4x a warm one (below). */
const WARM_UP_ROUNDS = 3

/**
 * Every call a measured page makes first (config/first-calls.ts: the calls every page makes
 * and each page's own, in the base language), sent to the mock a few rounds over, as a page sends them: all
 * at once. A mock just started answers a page's first calls slowly while Node compiles its
 * code and Prism its schemas: the eleven of deposit took 354 ms in all in the first round, 78
 * in the second and 34-44 after (`node`, quiet machine, decision 009).
 * Unwarmed, the first run of whichever row first made a call paid that (in `npm run
 * bench` the floor's agency info and the deposit judge's calls, in `bench:ab` the first
 * load), as no backend in service would make a page pay it.
 */
export async function warmMock(base = `http://127.0.0.1:${mockPort}`): Promise<void> {
  const cookie = await logIn(base)
  // Each page's own calls as its loaders ask for them (a page per provider), recorded once.
  recordedCalls ??= withAppModules((load) => recordPageCalls(load))
  const pageCalls = await recordedCalls
  const urls = [
    ...new Set(
      [...everyPageUrls(), ...Object.values(pageCalls).flatMap((calls) => calls ?? [])].map((url) =>
        url
          // A page of the bench loads in the base language (no stored choice).
          .replace('{locale}', inlangSettings.baseLocale)
          .replace(API_BASE_URL, base),
      ),
    ),
  ]
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    await Promise.all(
      urls.map(async (url) => {
        const answer = await fetch(url, { headers: { cookie } })
        await answer.arrayBuffer()
        if (!answer.ok) throw new Error(`warming the mock: ${url} answered ${answer.status}`)
      }),
    )
  }
}

/**
 * The mock on MOCK_PORT: reused when running (npm start), else started and stopped here;
 * warmed either way (`warmMock`).
 */
export async function ensureMock(): Promise<() => void> {
  if (await isListening(mockPort)) {
    await warmMock()
    return () => {}
  }
  const mock = spawn('npm', ['run', 'mock'], { stdio: 'ignore', detached: true })
  let stopped = false
  const stop = () => {
    if (stopped || !mock.pid) return
    stopped = true
    try {
      process.kill(-mock.pid)
    } catch (error) {
      // Already gone (it crashed, or a Ctrl-C reached its group first): nothing to stop.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
    }
  }
  // A run that crashes or is interrupted stops the mock too: left on its port, it made the
  // next `npm test` fail to start its own ("already used").
  process.once('exit', stop)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop()
      process.exit(1)
    })
  }
  for (let i = 0; i < 60 && !(await isListening(mockPort)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  if (!(await isListening(mockPort))) throw new Error(`the mock did not start on ${mockPort}`)
  await warmMock().catch((error: unknown) => {
    stop()
    throw error
  })
  return stop
}

/** The three apps the bench measures: each one's Vite config, build mode and output folder. */
export const APPS = {
  site: { config: 'vite.config.ts', mode: undefined, dist: 'dist' },
  floor: { config: 'bench/floor/vite.config.ts', mode: undefined, dist: 'bench/floor/dist' },
  experiment: {
    config: 'bench/floor/vite.config.ts',
    mode: 'experiment',
    dist: 'bench/floor/dist-experiment',
  },
} as const satisfies Record<string, { config: string; mode?: string; dist: string }>
export type App = keyof typeof APPS

/** A file's gzip size as an app's server sends it: the build's precompressed copy. */
export function gzipBytes(dist: string, pathname: string): number {
  const file = join(dist, decodeURIComponent(pathname))
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size
  return gzipSync(readFileSync(file), { level: 9 }).length
}

/**
 * A preview server of one app on a free port (port 0), so the bench runs beside other servers;
 * of its build in `outDir` instead of its usual folder when given (`npm run bench:ab`).
 */
export async function serve(app: App, outDir?: string): Promise<PreviewServer> {
  const { config, mode } = APPS[app]
  return preview({
    configFile: config,
    mode,
    logLevel: 'warn',
    ...(outDir ? { build: { outDir } } : {}),
    preview: { port: 0, strictPort: false, open: false },
  })
}

export const urlOf = (server: PreviewServer) => {
  const url = server.resolvedUrls?.local[0]
  if (!url) throw new Error('preview server has no URL')
  return url.replace(/\/$/, '')
}

/** Whether a page is loaded logged in by the bench and the A/B: the player's pages are. */
export const loadsLoggedIn = (path: string) => path.startsWith('/player/')

/** Logs in at an API's base (the mock's own, or a site's /api); the session as a Cookie header. */
async function logIn(apiBase: string): Promise<string> {
  const response = await fetch(`${apiBase}/v2/players/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CREDENTIALS),
  })
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
  if (!response.ok || !cookies.length) {
    throw new Error(`login at ${apiBase} failed: ${response.status}`)
  }
  return cookies.join('; ')
}

/** Logs in through the served site's /api proxy; returns the session as a Cookie header. */
export const sessionCookie = (siteUrl: string) => logIn(`${siteUrl}/api`)

/**
 * A certificate for localhost, made for one run (openssl: Debian's `openssl` package). Its key
 * is an elliptic-curve one (P-256): made at once, where an RSA key's prime search took seconds
 * on a loaded machine.
 */
function localhostCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tls-'))
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')]
    try {
      // prettier-ignore
      execFileSync('openssl', [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
        '-days', '1', '-subj', '/CN=localhost',
        '-addext', 'subjectAltName=DNS:localhost', '-keyout', key, '-out', cert,
      ], { stdio: 'ignore' })
    } catch (error) {
      throw new Error(
        'the bench serves over HTTP/2 with a certificate openssl makes: install openssl ' +
          '(Debian: apt-get install openssl)',
        { cause: error },
      )
    }
    return { key: readFileSync(key), cert: readFileSync(cert) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

// Hop-by-hop headers: HTTP/2 forbids them, and they describe the hop to the preview server.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']

const forwardable = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.includes(name)),
  )

export type Front = { url: string; close: () => Promise<void> }

/**
 * The served site over HTTP/2 and TLS, as production serves it (docs/deploy.md: nginx with
 * `http2 on`), in front of a preview server. Lighthouse models the network from the protocol
 * it saw: over HTTP/1.1 at most six connections to the origin, each request waiting its turn
 * on one and paying its round trip; over HTTP/2 one connection that carries them all. A page
 * with 30 requests before its largest paint was charged for a protocol production does not use.
 */
export async function http2Front(target: string): Promise<Front> {
  const server = createSecureServer({ ...localhostCertificate(), allowHTTP1: true })
  server.on('request', (request, response) => {
    const upstream = httpRequest(
      target + request.url,
      {
        method: request.method,
        headers: { ...forwardable(request.headers), host: new URL(target).host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, forwardable(answer.headers))
        answer.pipe(response)
      },
    )
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502)
      response.end()
    })
    request.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `https://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
