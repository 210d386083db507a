import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type Plugin, type ViteDevServer } from 'vite'

/** Loads one of the app's modules (`/src/prerender.tsx`) as the build's config serves it. */
export type LoadAppModule = <T>(id: string) => Promise<T>

type ServerOptions = { configFile?: string | false; mode: string }

/**
 * A Vite server of the app's own config, for the build steps that run the app's code in Node
 * (the prerender, the record of each page's first calls) through Vite's SSR module loading.
 */
async function startServer({ configFile, mode }: ServerOptions): Promise<ViteDevServer> {
  // A cache of its own: servers started at the same moment (the two builds of `npm test`, two
  // e2e workers) committed their (empty) optimized deps into one folder, and one failed with
  // ENOTEMPTY renaming it.
  const cacheDir = mkdtempSync(join(tmpdir(), 'app-modules-'))
  const server = await createServer({
    configFile,
    mode,
    logLevel: 'warn',
    appType: 'custom',
    // No WebSocket either: a second server on Vite's HMR port logged "Port 24678 is already
    // in use".
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    cacheDir,
  })
  const close = server.close.bind(server)
  server.close = async () => {
    await close()
    rmSync(cacheDir, { recursive: true, force: true })
  }
  return server
}

/**
 * The app's modules for the steps of one build: one server, started when a step first asks
 * and closed when the build ends. `plugin` takes the build's config file and mode.
 */
export function appModules(): { plugin: Plugin; load: LoadAppModule } {
  let options: ServerOptions = { mode: 'production' }
  let server: Promise<ViteDevServer> | undefined
  return {
    plugin: {
      name: 'app-modules',
      apply: 'build',
      configResolved(config) {
        options = { configFile: config.configFile, mode: config.mode }
      },
      async closeBundle() {
        const started = server
        server = undefined
        await (await started)?.close()
      },
    },
    load: async <T>(id: string) => {
      server ??= startServer(options)
      return (await (await server).ssrLoadModule(id)) as T
    },
  }
}

/** Runs `run` with the app's modules, outside a build (a bench, a test), then stops them. */
export async function withAppModules<T>(run: (load: LoadAppModule) => Promise<T>): Promise<T> {
  const server = await startServer({ mode: 'production' })
  try {
    return await run(async <M>(id: string) => (await server.ssrLoadModule(id)) as M)
  } finally {
    await server.close()
  }
}
