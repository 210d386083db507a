#!/usr/bin/env node
// Builds the package into dist/: plain JavaScript (no tsx at run time), with what it ships:
//   dist/cli.js           the command, bundled with openapi-fetch, yaml and the site's
//                         generated operations map (generated/api/operations.ts)
//   dist/openapi.yaml     the bundled contract it was built from (generated/openapi.yaml)
//   dist/redocly-diff.yaml the rules of `redocly diff`
//   dist/site-usage.json  which site screens call which operation (from the site's src/)
// Prism and Redocly CLI stay dependencies: they run as their own processes.
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const pkg = fileURLToPath(new URL('..', import.meta.url))
const site = fileURLToPath(new URL('../..', import.meta.url))
const dist = `${pkg}dist`
const started = performance.now()

const contract = `${site}generated/openapi.yaml`
if (!existsSync(contract)) {
  console.error(`build: ${contract} is missing (run \`npm run generate\` in the site)`)
  process.exit(1)
}
rmSync(dist, { recursive: true, force: true })
mkdirSync(dist, { recursive: true })
await build({
  entryPoints: [`${pkg}src/cli.ts`],
  outfile: `${dist}/cli.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: ['@stoplight/prism-cli', '@redocly/cli'],
  // Bundled CommonJS (yaml) may call require(); give it one.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
})
copyFileSync(contract, `${dist}/openapi.yaml`)
copyFileSync(`${pkg}src/redocly-diff.yaml`, `${dist}/redocly-diff.yaml`)
execFileSync(
  process.execPath,
  [`${dist}/cli.js`, 'site-usage', `${site}src`, `${dist}/site-usage.json`],
  {
    stdio: 'inherit',
  },
)
console.log(`contract-check: built dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`)
