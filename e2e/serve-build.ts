// Serves a production build as a server would: its files from one folder (pages the build did
// not write fall back to index.html, the client's router draws them) and, when asked, /api
// passed on to the mock with the prefix stripped, as the dev and preview servers do
// (vite.config.ts). The fuzzer answers the API itself; the journeys talk to the real mock.
import { spawnSync } from 'node:child_process'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import sirv from 'sirv'

export const API_PREFIX = '/api'

export type ServedBuild = { server: Server; base: string; port: number }

export async function serveBuild(
  dist: string,
  /** `pages`: extra HTML by path, beside the build's own (the gallery's frame for a phone). */
  options: { port?: number; apiTarget?: string; pages?: Record<string, string> } = {},
): Promise<ServedBuild> {
  const files = sirv(dist, { single: true, dev: false })
  const api = options.apiTarget ? new URL(options.apiTarget) : undefined
  const server = createServer((req, res) => {
    const url = req.url ?? '/'
    const page = options.pages?.[url.split('?')[0]!]
    if (page !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(page)
      return
    }
    if (api && (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`))) {
      const upstream = request(
        {
          host: api.hostname,
          port: api.port,
          method: req.method,
          path: url.slice(API_PREFIX.length) || '/',
          headers: { ...req.headers, host: api.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      // The mock dropping a connection on purpose (its chaos) reaches the page as one.
      upstream.on('error', () => res.destroy())
      req.pipe(upstream)
      return
    }
    files(req, res, () => {
      res.statusCode = 404
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, base: `http://127.0.0.1:${port}`, port }
}

/** Builds dist-e2e (`npm run build:e2e`) unless `prebuilt`; a failed build ends the process. */
export function ensureE2eBuild(prebuilt: boolean) {
  if (prebuilt) return
  const build = spawnSync('npm', ['run', '-s', 'build:e2e'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
