#!/usr/bin/env node
// Fails when `npm run generate` would change generated/: the committed output must be what
// the committed openapi/, messages/ and src/routes produce.
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

function snapshot(dir, out = new Map()) {
  for (const entry of readdirSync(dir)) {
    const file = join(dir, entry)
    if (statSync(file).isDirectory()) snapshot(file, out)
    else out.set(file, createHash('sha256').update(readFileSync(file)).digest('hex'))
  }
  return out
}

const before = snapshot('generated')
execFileSync('node', ['.ci/generate.mjs'], { stdio: 'inherit' })
const after = snapshot('generated')
const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
  (file) => before.get(file) !== after.get(file),
)
if (changed.length) {
  console.error('generated/ is stale; run `npm run generate` and commit. Changed files:')
  for (const file of changed) console.error(`  ${file}`)
  process.exit(1)
}
console.log(`generated/ is up to date (${after.size} files)`)
