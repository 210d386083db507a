import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import sirv from 'sirv'
import type { Plugin, PluginOption } from 'vite'
import { compression } from 'vite-plugin-compression2'
import { PRERENDERED_PAGES } from './prerender-pages.ts'
import { immutableCache, revalidateCache, securityHeaders } from './security-headers.ts'

/** Vite puts every content-hashed file here (build.assetsDir). */
const HASHED_DIR = '/assets/'

/**
 * `vite preview` as production serves the site, so e2e and the benchmark test what players
 * get: precompressed brotli/gzip files, a year of immutable caching for hashed assets,
 * `no-cache` for index.html, and the security headers (config/security-headers.ts).
 *
 * Vite's own static middleware serves files uncompressed and gives them no cache policy;
 * sirv (the library Vite itself embeds for it) serves `.br`/`.gz` siblings by
 * Accept-Encoding. The middleware is installed before Vite's, proxy included, so paths of
 * `preview.proxy` (/api) are passed on untouched.
 */
function servePrecompressed(): Plugin {
  return {
    name: 'serve-precompressed',
    apply: 'serve',
    configurePreviewServer(server) {
      const { config } = server
      const distDir = resolve(config.root, config.build.outDir)
      if (!existsSync(distDir)) return
      const proxied = Object.keys(config.preview.proxy ?? {})
      const serve = sirv(distDir, {
        brotli: true,
        gzip: true,
        etag: true,
        // /login and /register get their prerendered pages, login.html and register.html (the
        // path + these extensions, config/prerender-pages.ts; `/` is rewritten to its
        // landing.html below), other pages of one path their copy of index.html with their
        // modules in it (/player/deposit -> player/deposit.html, config/preload-first-page.ts);
        // any other client-side route (/player/promotion/7) gets index.html (`single`); a
        // missing file with an extension stays a 404.
        extensions: ['html'],
        single: true,
        setHeaders(res, pathname) {
          for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value)
          res.setHeader(
            'Cache-Control',
            pathname.startsWith(HASHED_DIR) ? immutableCache : revalidateCache,
          )
        },
      })
      server.middlewares.use((req, res, next) => {
        const path = req.url ?? '/'
        if (proxied.some((prefix) => path.startsWith(prefix))) return next()
        if (req.method !== 'GET' && req.method !== 'HEAD') return next()
        const [pathname, query] = path.split(/(?=\?)/)
        if (pathname === '/') req.url = `/${PRERENDERED_PAGES['/']}${query ?? ''}`
        serve(req, res, () => {
          // A hashed file that is not there (an old tab asking for a chunk of an earlier
          // deploy) is a 404, not index.html: the app reloads on a failed chunk import.
          if (path.startsWith(HASHED_DIR)) {
            res.statusCode = 404
            res.end()
            return
          }
          next()
        })
      })
    },
  }
}

/** Build: write `.br` and `.gz` next to every text asset. Preview: serve them. */
export function productionServing(): PluginOption[] {
  return [compression({ algorithms: ['gzip', 'brotliCompress'] }), servePrecompressed()]
}
