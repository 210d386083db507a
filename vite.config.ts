/// <reference types="vitest/config" />
import { execFile } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import optimizeLocales from '@react-aria/optimize-locales-plugin'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv, type Plugin, type PluginOption, type UserConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import {
  type CodeSplittingGroup,
  emptyStylesheets,
  firstPass,
  sharedChunkGroups,
  stubModules,
} from './config/chunk-groups.ts'
import { appModules } from './config/app-modules.ts'
import { recordPageCalls, routePages } from './config/first-calls.ts'
import { type MessagePlan, messageParts, planMessageParts } from './config/message-parts.ts'
import { preloadFirstPage, routePattern } from './config/preload-first-page.ts'
import { PRERENDERED_PAGES, prerenderPages } from './config/prerender-pages.ts'
import { productionServing } from './config/production-serving.ts'
import { manifestLinkOutOfHtml, pwaOptions } from './config/pwa.ts'
import { pressableStyleInHtml } from './config/pressable-style.ts'
import inlangSettings from './project.inlang/settings.json' with { type: 'json' }
import { paraglideOptions } from './paraglide.config.js'
import routerConfig from './tsr.config.json' with { type: 'json' }

// Where /api goes in dev and preview. The mock (Prism) ignores the contract's `servers`
// base path, so /api is stripped; a real backend's own base path goes in the target URL,
// e.g. API_TARGET=https://staging.example.test/api.
// MOCK_PORT, WEB_PORT and PREVIEW_PORT move the mock and servers (several checkouts side by side).
const port = (value: string | undefined, fallback: number) => Number(value || fallback)

/**
 * While serving, an edit to messages/*.json recompiles generated/paraglide through the same
 * `npm run generate` step CI checks, so the dev server never writes a different layout into
 * generated/ (paraglide's own Vite plugin does, and its engine idles ~30 s after builds).
 */
function recompileMessagesOnChange(): Plugin {
  return {
    name: 'recompile-messages',
    apply: 'serve',
    configureServer(server) {
      const messagesDir = fileURLToPath(new URL('./messages/', import.meta.url))
      server.watcher.add(messagesDir)
      server.watcher.on('change', (file) => {
        if (!file.startsWith(messagesDir) || !file.endsWith('.json')) return
        execFile('node', ['scripts/generate.mjs', 'messages'], (error, stdout, stderr) => {
          if (error) server.config.logger.error(`messages: ${stderr || error.message}`)
          else server.config.logger.info(`messages: ${stdout.trim().split('\n')[0]}`)
        })
      })
    },
  }
}

/** A module id's route file, relative to src/routes (`.../src/routes/about.tsx?x` -> `about.tsx`). */
const routeFileOf = (id: string) => id.split('?')[0]!.replace(/^.*[\\/]src[\\/]routes[\\/]/, '')

/** Test folders that run in Node, without a DOM (the rest run under jsdom). */
const NODE_TESTS = ['mock', 'contract', 'architecture', 'config', 'messages', 'bench', 'patches']

export default defineConfig(async ({ command, mode }): Promise<UserConfig> => {
  const env = loadEnv(mode, process.cwd(), '')
  const target = env.API_TARGET || `http://127.0.0.1:${port(env.MOCK_PORT, 4010)}`
  const proxy = {
    '/api': {
      target,
      changeOrigin: true,
      secure: true,
      cookieDomainRewrite: { '*': '' },
      rewrite: (path: string) => path.replace(/^\/api/, ''),
    },
  }
  // Which messages load first and which lazy roots wait for the rest: known once the build's
  // first pass has run (below), before the build itself.
  const messagePlan: { current?: MessagePlan } = {}
  const routerAndReact = () => [
    tanstackRouter({ ...routerConfig, target: 'react', autoCodeSplitting: true }),
    react(),
    // (The libraries' own changes are patches applied at install: patches/README.md.)
  ]
  const messageFiles = messageParts(messagePlan)
  // The app's own modules in Node, for the steps below that run its code.
  const app = appModules()
  // The first page's chunks and messages load beside the entry, not after it ran.
  const preload = preloadFirstPage({
    localStorageKey: paraglideOptions.localStorageKey ?? 'PARAGLIDE_LOCALE',
    locales: inlangSettings.locales,
    baseLocale: inlangSettings.baseLocale,
    fonts: {
      all: ['noto-sans-latin-400-normal', 'noto-sans-latin-600-normal'],
      lo: ['noto-sans-lao-lao-400-normal', 'noto-sans-lao-lao-600-normal'],
      th: ['noto-sans-thai-thai-400-normal', 'noto-sans-thai-thai-600-normal'],
      vn: ['noto-sans-vietnamese-400-normal', 'noto-sans-vietnamese-600-normal'],
      // Chinese: Noto Sans SC is over a megabyte; the first screen must not wait behind it.
    },
    // The player pages' amounts: ₭ and ฿ (each a file of its one glyph, src/styles.css) are
    // found only once the data has drawn them, one more round trip before the page's largest
    // paint and a font swap on the figures. Those each language writes with a sign
    // (cn writes THB as letters; only lo writes LAK as ₭).
    pathFonts: {
      '/player/': {
        lo: ['sign-kip-400', 'sign-baht-400', 'sign-baht-600'],
        th: ['sign-baht-400', 'sign-baht-600'],
        vn: ['sign-baht-400'],
      },
    },
    afterPaint: Object.keys(PRERENDERED_PAGES),
    partPaths: () => messagePlan.current?.parts.map((part) => part.path) ?? [],
    partFile: () => messageFiles.api?.partFile(),
    // The response check (zod and every response schema): every first call waits for it.
    atStart: /[\\/]src[\\/]lib[\\/]api[\\/]response-check\.ts$/,
    // Each page's calls as its loaders ask for them.
    pageCalls: (paths) => recordPageCalls(app.load, paths),
    // The e2e build's picker (src/main.tsx): first calls carry its mock choices too.
    mockHeaders: mode === 'e2e',
  })
  const plugins: PluginOption[] = [
    ...routerAndReact(),
    // react-aria's own strings (a menu trigger's long-press hint, a dialog's "Dismiss"...)
    // only in the languages it can show here: it has Chinese, none of Lao, Vietnamese or
    // Thai, and falls back to en-US for those. Its maintainers' plugin resolves the other
    // languages' string modules to an empty one (2.4 KB gz of the entry, on every page).
    optimizeLocales.vite({ locales: ['en-US', 'zh-CN'] }),
    tailwindcss(),
    // react-aria's pressable style in the HTML, not added once the page is drawn.
    pressableStyleInHtml(),
    preload,
    // Each language's messages a page at a time, beside the whole of each language.
    messageFiles,
    // The visitor pages' first screen drawn in their HTML (/login -> login.html ...), each
    // with a preload script of its own.
    prerenderPages(app.load, (path, html) => preload.api?.withOwnScript(path, html) ?? html),
    app.plugin,
    // Precompressed files at build; preview serves them with caching and security headers.
    ...productionServing(),
    // Web app manifest and Workbox service worker (config/pwa.ts, decision 017).
    ...VitePWA(pwaOptions(env)),
    // ... whose manifest the app links once the page is quiet, not the HTML (after VitePWA's HTML step).
    manifestLinkOutOfHtml(),
  ]
  if (command === 'serve' && !process.env.VITEST) plugins.push(recompileMessagesOnChange())
  const alias = {
    '~': fileURLToPath(new URL('./src', import.meta.url)),
    '~generated': fileURLToPath(new URL('./generated', import.meta.url)),
  }
  const buildTarget = 'es2022'
  // generated/zod builds every schema of the contract at module level (z.string()...); the
  // calls are pure, but the bundler cannot know it and would keep every schema on a page
  // that validates one form (measured: login 247.4 -> 241.9 KB gz).
  const treeshake = { manualPureFunctions: ['z'] }
  const groups: CodeSplittingGroup[] = [
    // Everything the entry imports statically is one chunk: it all loads at once anyway,
    // and 28 requests of 0.1-22 KB each cost a phone more than their bytes (measured:
    // / 30 -> 3 scripts, 206.6 -> 192.4 KB gz, as one file compresses better).
    { name: 'app', tags: ['$initial'], priority: 3 },
    // The response check (src/lib/api/client.ts imports it at start-up, beside the
    // first calls), each operation's response schema and zod: one request instead of
    // three on every page, and the form pages find zod already there.
    {
      name: 'schemas',
      test: /node_modules[\\/]zod[\\/]|generated[\\/]zod[\\/]|src[\\/]lib[\\/]api[\\/]response-check/,
      priority: 2,
    },
  ]
  // The pages a visitor lands on (every route outside /player), whose first-load budget is the
  // tightest (1.6x and 1.8x the floor app against 2.0x for player pages).
  const VISITOR_PAGE = /[\\/]src[\\/]routes[\\/](?!player[\\/]).*\?tsr-split=component$/
  if (command === 'build') {
    const firstPassConfig = {
      mode,
      resolve: { alias },
      plugins: [
        ...routerAndReact(),
        emptyStylesheets(),
        stubModules({
          'virtual:pwa-register': 'export function registerSW() {}',
          'virtual:pwa-info': 'export const pwaInfo = undefined',
        }),
      ],
      build: {
        target: buildTarget,
        rolldownOptions: { treeshake, output: { codeSplitting: { groups: [...groups] } } },
      },
    }
    const chunks = await firstPass(firstPassConfig)
    // Each page's first load brings the shell's messages and its own (config/message-parts.ts):
    // a page is a route's component, not a layout's (route.tsx) nor the root's.
    messagePlan.current = planMessageParts(
      chunks,
      (id) =>
        /[\\/]src[\\/]routes[\\/].*\.tsx\?tsr-split=component$/.test(id) &&
        !/[\\/](route|__root)\.tsx\?/.test(id),
      (id) => routePattern(routeFileOf(id)),
    )
    // What the lazy pages and overlays share, in fewer chunks (config/chunk-groups.ts).
    groups.push(
      ...sharedChunkGroups(
        chunks,
        firstPassConfig,
        // Measured (`npm run size`): with a request worth 2 KB and at most 6 KB a page
        // does not use, every page loads fewer files (login 12 -> 7 beside the entry, deposit
        // 26 -> 11) and none more than 0.1 KB more; at 4 KB and 8 KB deposit loads 8 files but
        // login 4.7 KB more. The visitor pages take no code they do not use: with every page
        // at 6 KB (or 4), a module as small as money.ts once it lost big.js went into the
        // error messages' chunk, one more file and 1 KB more on login. With 0 for them, a
        // request can be worth more to the player pages: at 3 KB and 8 KB, deposit 12 -> 9
        // files (187.6 -> 188.1 KB gz), login 8 -> 7 (178.9 -> 178.5), player 10 -> 8 (192.2
        // -> 192.5); at 3 KB and 7 KB deposit 187.1 but player 193.3 and 9 files.
        {
          requestBytes: 3072,
          maxWasteBytes: (root) => (VISITOR_PAGE.test(root) ? 0 : 8192),
          // A page's requests count; the overlays' (loaded at idle, after the page) do not:
          // counted too, overlays load 9 files instead of 13 but login 0.9 KB and deposit
          // 1.4 KB more.
          requestsCount: (root) => /src[\\/]routes[\\/]/.test(root),
          // The provider route is four pages, each a first load (config/first-calls.ts).
          pagesOf: (root) => routePages(routeFileOf(root)).length,
        },
        1,
      ),
    )
  }
  return {
    plugins,
    resolve: { alias },
    // Crawl every source file for dependencies at start-up: otherwise the first visit to a
    // lazy page that brings a new dependency makes Vite re-bundle and reload the page under
    // the player (and under an e2e test).
    optimizeDeps: { entries: ['index.html', 'src/**/*.{ts,tsx}'] },
    server: { host: 'localhost', port: port(env.WEB_PORT, 5173), strictPort: true, proxy },
    preview: { host: 'localhost', port: port(env.PREVIEW_PORT, 4173), strictPort: true, proxy },
    build: {
      manifest: true,
      sourcemap: true,
      target: buildTarget,
      // The entry chunk holds all the first screen needs (one request, see codeSplitting
      // below): ~650 KB before minification and gzip; `npm run size` budgets what it weighs.
      chunkSizeWarningLimit: 800,
      // Fonts stay files, however small (the currency signs' are 0.7 KB): inlined, they would
      // be in the render-blocking stylesheet of every page, and the CSP has no data: fonts.
      assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
      rolldownOptions: { treeshake, output: { codeSplitting: { groups } } },
    },
    test: {
      setupFiles: ['./tests/setup.ts'],
      restoreMocks: true,
      // A stubbed global (location, matchMedia) is put back after each test.
      unstubGlobals: true,
      // A worker keeps its modules and its environment from one test file to the next
      // (`isolate: false`): loading React, react-aria-components and jsdom again for each of
      // ~60 files was more than half of the step (256 s -> ~105 s on 2 cores). Each file
      // still gets its own QueryClient, router, MSW handlers and DOM cleanup (tests/setup*.ts).
      isolate: false,
      // Vitest's default for `run` is one worker less than the cores: a single worker on the
      // 2-core machines CI uses, which left a core idle (measured on 2 cores: 173.6 s with the
      // default, 95.0 s with 2 workers, same 1657 tests). npm test runs nothing beside it.
      maxWorkers: availableParallelism(),
      projects: [
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            // The mock layer over real HTTP, the contract, the lint rules and the catalogues:
            // nothing here renders, and MSW must not stand between a test and Prism.
            include: NODE_TESTS.map((dir) => `tests/${dir}/**/*.test.{ts,tsx}`),
          },
        },
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            include: ['tests/**/*.test.{ts,tsx}'],
            exclude: NODE_TESTS.map((dir) => `tests/${dir}/**`),
            setupFiles: ['./tests/setup-dom.ts'],
          },
        },
      ],
    },
  }
})
