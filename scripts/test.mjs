#!/usr/bin/env node
// `npm test`: everything CI runs, in order, each step timed; stops at the first failure.
// `npm test -- e2e unit` runs only the named steps.
import { spawnSync } from 'node:child_process'
import { findChromium, INSTALL_HINT } from './chromium.mjs'

const steps = [
  ['spec-lint', 'npm', ['run', '-s', 'lint:spec']],
  ['generated', 'npm', ['run', '-s', 'check:generated']],
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['lint', 'npm', ['run', '-s', 'lint']],
  ['unit', 'npm', ['run', '-s', 'test:unit']],
  // The contract checker's own build, tests and tarball (reports/contract-check/*.tgz).
  ['contract-check', 'npm', ['run', '-s', 'test', '-w', 'contract-check']],
  ['size', 'npm', ['run', '-s', 'size']],
  ['e2e', 'npm', ['run', '-s', 'e2e']],
]

const only = process.argv.slice(2)
const selected = steps.filter(([name]) => !only.length || only.includes(name))

// The browser is checked before minutes of other steps, not by the last one.
if (selected.some(([name]) => name === 'e2e') && !(await findChromium())) {
  console.error(`npm test: ${INSTALL_HINT}`)
  process.exit(1)
}

const timings = []
let failed
for (const [name, cmd, args] of selected) {
  console.log(`\n=== ${name} ===`)
  const t = performance.now()
  const { status } = spawnSync(cmd, args, { stdio: 'inherit' })
  const seconds = (performance.now() - t) / 1000
  timings.push([name, seconds, status === 0])
  if (status !== 0) {
    failed = name
    break
  }
}
console.log('\n=== summary ===')
for (const [name, seconds, ok] of timings) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(10)} ${seconds.toFixed(1).padStart(6)} s`)
}
const total = timings.reduce((sum, [, seconds]) => sum + seconds, 0)
const passed = timings.filter(([, , ok]) => ok).length
console.log(`steps: ${passed} passed, ${timings.length - passed} failed, ${total.toFixed(1)} s`)
if (failed) {
  console.error(`npm test: step "${failed}" failed`)
  process.exit(1)
}
