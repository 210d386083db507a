import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import { productionServing } from '../../config/production-serving.ts'

// The floor app (src/main.tsx) with the site's build target, compression and preview server,
// so the two differ only in what the site adds. Built into bench/floor/dist. With
// `--mode experiment`: the first-load experiment's pages, each the floor plus one form under
// its own markup drawn by the HTML (experiment/*-painted.html): /form-rac-painted, a react-aria
// login form (the reference); /form-stack-painted, the same with TanStack Form and zod; and
// /player/deposit-calls-painted, deposit's first calls and form; /player/game-calls-painted, the
// game page's first calls and its games. Built into
// bench/floor/dist-experiment (no index.html: the inputs are these pages) and served the same way.
export default defineConfig(({ mode }) => {
  const experiment = mode === 'experiment'
  const env = loadEnv(mode, process.cwd(), '')
  const target = env.API_TARGET || `http://127.0.0.1:${Number(env.MOCK_PORT || 4010)}`
  return {
    root: fileURLToPath(new URL(experiment ? './experiment' : '.', import.meta.url)),
    plugins: [react(), ...productionServing()],
    // The experiment's game page shows the mock's game pictures from the site's own files, at
    // the paths the contract's examples give, as the site does; the floor has none.
    publicDir: experiment ? fileURLToPath(new URL('../../public', import.meta.url)) : false,
    build: {
      target: 'es2022',
      emptyOutDir: true,
      outDir: fileURLToPath(new URL(experiment ? './dist-experiment' : './dist', import.meta.url)),
      // The experiment's pages, each an app under a form the HTML draws first.
      ...(experiment && {
        rollupOptions: {
          input: [
            'form-rac-painted.html',
            'form-stack-painted.html',
            'player/deposit-calls-painted.html',
            'player/game-calls-painted.html',
          ].map((page) => fileURLToPath(new URL(`./experiment/${page}`, import.meta.url))),
        },
      }),
    },
    preview: {
      host: 'localhost',
      proxy: {
        '/api': { target, changeOrigin: true, rewrite: (path) => path.replace(/^\/api/, '') },
      },
    },
  }
})
