#!/usr/bin/env node
// `npm test`: everything CI runs, in order and timed; stops after the first failing stage.
// `npm test -- e2e unit` runs only the named steps.
//
// Steps of one stage run side by side: the spec lint, the type check and ESLint read files no
// step of their stage writes, and none keeps both cores busy alone (on 2 cores: 56.6 s one
// after another, 47.3 s side by side). Their output is held and printed whole when each
// ends, so it never interleaves. `generated` regenerates generated/ in place,
// so it runs alone before anything reads that folder. Vitest and the contract checker also run
// side by side: each ends on a long file alone on one core (the hostile-input table, the
// drift tests), and together they fill both (measured back to back: 134.5 s one after the
// other, 122.7 s side by side; all five of both stages at once: 165.6 s, no gain over 35 s
// of lint + 122.7 s). Each starts its Prism servers on free ports. The later stages use
// every core themselves.
import { spawn } from 'node:child_process'
import { findChromium, INSTALL_HINT } from './chromium.mjs'

const npmRun = (...args) => ['npm', ['run', '-s', ...args]]

const stages = [
  [['generated', ...npmRun('check:generated')]],
  [
    ['spec-lint', ...npmRun('lint:spec')],
    ['typecheck', ...npmRun('typecheck')],
    ['lint', ...npmRun('lint')],
  ],
  [
    ['unit', ...npmRun('test:unit')],
    // The contract checker's own build, tests and tarball (reports/contract-check/*.tgz).
    ['contract-check', ...npmRun('test', '-w', 'contract-check')],
  ],
  // The e2e build (dist-e2e/, the mock picker compiled in) is made beside the size step's own
  // build (dist/), instead of by Playwright while the first tests wait.
  [
    ['size', ...npmRun('size')],
    ['e2e-build', ...npmRun('build:e2e')],
  ],
  [['e2e', ...npmRun('e2e')]],
  // A short fixed-seed run of `npm run fuzz` on the same e2e build (README, "Fuzzing").
  [['fuzz', ...npmRun('fuzz', '--', '--seed', '1', '--loads', '16')]],
  // A short fixed-seed set of `npm run journeys` on the same build (README, "Journeys").
  [['journeys', ...npmRun('journeys', '--', '--seed', '1', '--runs', '10')]],
  // The key journeys in WebKit and Firefox on the same build (README, "Other engines").
  [['engines', ...npmRun('engines', '--', '--prebuilt')]],
]

const only = process.argv.slice(2)
const selected = stages
  .map((stage) => stage.filter(([name]) => !only.length || only.includes(name)))
  .filter((stage) => stage.length)
const unknown = only.filter((name) => !stages.flat().some(([step]) => step === name))
if (unknown.length) {
  console.error(`npm test: no step named ${unknown.join(', ')}`)
  process.exit(2)
}

// The browser is checked before minutes of other steps, not by the last one.
if (selected.flat().some(([name]) => name === 'e2e') && !(await findChromium())) {
  console.error(`npm test: ${INSTALL_HINT}`)
  process.exit(1)
}

/** Set for the steps after a successful e2e build: Playwright then serves it as it is. */
const env = { ...process.env }

/** Runs one step; alone it prints as it goes, beside others its output comes in one block. */
function run([name, cmd, args], alone) {
  const started = performance.now()
  if (alone) console.log(`\n=== ${name} ===`)
  const child = spawn(cmd, args, { env, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
  const output = []
  child.stdout?.on('data', (chunk) => output.push(chunk))
  child.stderr?.on('data', (chunk) => output.push(chunk))
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (!alone) process.stdout.write(`\n=== ${name} ===\n${Buffer.concat(output)}`)
      resolve([name, (performance.now() - started) / 1000, code === 0])
    })
  })
}

const timings = []
let wall = 0
for (const stage of selected) {
  const started = performance.now()
  const results = await Promise.all(stage.map((step) => run(step, stage.length === 1)))
  wall += (performance.now() - started) / 1000
  timings.push(...results)
  if (results.some(([, , ok]) => !ok)) break
  if (results.some(([name]) => name === 'e2e-build')) env.E2E_PREBUILT = '1'
}

console.log('\n=== summary ===')
for (const [name, seconds, ok] of timings) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(14)} ${seconds.toFixed(1).padStart(6)} s`)
}
const failed = timings.filter(([, , ok]) => !ok).map(([name]) => name)
console.log(
  `steps: ${timings.length - failed.length} passed, ${failed.length} failed, ${wall.toFixed(1)} s`,
)
if (failed.length) {
  console.error(`npm test: ${failed.map((name) => `step "${name}"`).join(', ')} failed`)
  process.exit(1)
}
