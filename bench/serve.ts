// What the bench (bench/run.ts) and the profile (bench/profile.ts) share: the mock, the
// production-like preview servers, the logged-in session.
import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { preview, type PreviewServer } from 'vite'

export const mockPort = Number(process.env.MOCK_PORT || 4010)

/**
 * The Chromium that Lighthouse drives. Lighthouse opens each page from about:blank in the same
 * tab, and Chromium's paint holding then defers the new page's compositor commits until a
 * load signal or a timeout. On a page that paints from its HTML with font preloads, that
 * signal came only at ~2.2 s in half the runs (the no-script `/login`: 4 of 8 runs late at
 * 2235-2301 ms, the rest 297-399 ms), which moved the observed first paint and, with it,
 * Lighthouse's FCP, LCP and the window TBT counts in. With the feature off: 4 of 4 at
 * 314-404 ms. A player opening the site from a link or a search has no previous page of
 * the same origin to hold (decision 009, fourteenth session).
 */
export const LIGHTHOUSE_CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-features=PaintHolding',
]

// Any well-formed login opens a session in the mock (README, "Working against the mock").
const CREDENTIALS = { username: 'souksavanh88', password: 'correct-horse-8' }

const isListening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => resolve(!!socket.end()))
    socket.once('error', () => resolve(false))
  })

/** The mock on MOCK_PORT: reused when running (npm start), else started and stopped here. */
export async function ensureMock(): Promise<() => void> {
  if (await isListening(mockPort)) return () => {}
  const mock = spawn('npm', ['run', 'mock'], { stdio: 'ignore', detached: true })
  for (let i = 0; i < 60 && !(await isListening(mockPort)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  if (!(await isListening(mockPort))) throw new Error(`the mock did not start on ${mockPort}`)
  return () => {
    if (mock.pid) process.kill(-mock.pid)
  }
}

/** A preview server on a free port (port 0), so the bench runs beside other servers. */
export async function serve(configFile: string, mode?: string): Promise<PreviewServer> {
  return preview({
    configFile,
    mode,
    logLevel: 'warn',
    preview: { port: 0, strictPort: false, open: false },
  })
}

export const urlOf = (server: PreviewServer) => {
  const url = server.resolvedUrls?.local[0]
  if (!url) throw new Error('preview server has no URL')
  return url.replace(/\/$/, '')
}

/** Logs in through the served site's /api proxy; returns the session as a Cookie header. */
export async function sessionCookie(siteUrl: string): Promise<string> {
  const response = await fetch(`${siteUrl}/api/v2/players/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CREDENTIALS),
  })
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
  if (!response.ok || !cookies.length) throw new Error(`login failed: ${response.status}`)
  return cookies.join('; ')
}
