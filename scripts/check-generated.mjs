#!/usr/bin/env node
// Fails when `npm run generate` would change generated/: the committed output must be what
// the committed openapi/, messages/ and src/routes produce. Git already knows what changed:
// regenerate in place, then ask it for modified, deleted and new files under generated/.
import { execFileSync, spawnSync } from 'node:child_process'

execFileSync('node', ['scripts/generate.mjs'], { stdio: 'inherit' })
const diff = spawnSync('git', ['diff', '--exit-code', '--stat', '--', 'generated/'], {
  stdio: 'inherit',
})
const untracked = execFileSync(
  'git',
  ['ls-files', '--others', '--exclude-standard', '--', 'generated/'],
  { encoding: 'utf8' },
).trim()
if (untracked) console.error(`new files:\n${untracked}`)
if (diff.status !== 0 || untracked) {
  console.error('generated/ is stale: run `npm run generate` and commit generated/.')
  process.exit(1)
}
console.log('generated/ is up to date')
