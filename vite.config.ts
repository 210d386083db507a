/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv, type PluginOption } from 'vite'
import routerConfig from './tsr.config.json' with { type: 'json' }

// Where /api goes in dev and preview. The mock (Prism) ignores the contract's `servers`
// base path, so /api is stripped; a real backend's own base path goes in the target URL,
// e.g. API_TARGET=https://staging.example.test/api.
const DEFAULT_API_TARGET = 'http://127.0.0.1:4010'

export default defineConfig(async ({ command, mode }) => {
  const env = loadEnv(mode, process.cwd(), '')
  const target = env.API_TARGET || DEFAULT_API_TARGET
  const proxy = {
    '/api': {
      target,
      changeOrigin: true,
      secure: true,
      cookieDomainRewrite: { '*': '' },
      rewrite: (path: string) => path.replace(/^\/api/, ''),
    },
  }
  const plugins: PluginOption[] = [
    tanstackRouter({ ...routerConfig, target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
  ]
  // Messages are compiled by `npm run generate`; the paraglide plugin only watches
  // messages/ while serving (its engine idles ~30 s after a build, see TOOLCHAIN.md).
  if (command === 'serve' && !process.env.VITEST) {
    const { paraglideVitePlugin } = await import('@inlang/paraglide-js')
    const { paraglideOptions } = await import('./paraglide.config.js')
    plugins.push(paraglideVitePlugin(paraglideOptions))
  }
  return {
    plugins,
    resolve: {
      alias: {
        '~': fileURLToPath(new URL('./src', import.meta.url)),
        '~generated': fileURLToPath(new URL('./generated', import.meta.url)),
      },
    },
    server: { host: 'localhost', port: 5173, strictPort: true, proxy },
    preview: { host: 'localhost', port: 4173, strictPort: true, proxy },
    build: { manifest: true, sourcemap: true, target: 'es2022' },
    test: {
      environment: 'jsdom',
      setupFiles: ['./tests/setup.ts'],
      include: ['tests/**/*.test.{ts,tsx}'],
      restoreMocks: true,
    },
  }
})
