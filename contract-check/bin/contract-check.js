#!/usr/bin/env node
// The package's command. The code is built into dist/ (`npm run build` in contract-check/);
// this file stays in git so npm can link the command before the first build.
import { existsSync } from 'node:fs'

const cli = new URL('../dist/cli.js', import.meta.url)
if (!existsSync(cli)) {
  console.error('contract-check: not built yet (run `npm run build` in contract-check/)')
  process.exit(2)
}
await import(cli.href)
