// `npm start`: the mock (mock/server.ts) and the Vite dev server side by side, each line
// prefixed with its name. Mock options (--scenario, --latency, --fail-rate, --seed) go to the
// mock, everything else to Vite (`npm start -- --host --latency 300-1200`).
//
// Stopping: Ctrl-C, SIGINT, SIGTERM or SIGHUP stop both children (the mock stops Prism) and
// wait for them. `kill -TERM` on `npm start` reaches npm, whose `sh -c` dies without passing it
// on; this process then finds itself re-parented and stops everything the same way, so no
// port stays bound (tests/mock/start.test.ts). concurrently, the script before, left the
// mock, Prism and Vite running in that case.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const MOCK_FLAGS = new Set(['--scenario', '--latency', '--fail-rate', '--seed'])
const root = new URL('..', import.meta.url)

function split(args) {
  const mock = []
  const web = []
  for (let i = 0; i < args.length; i++) {
    const [flag] = args[i].split('=')
    if (!MOCK_FLAGS.has(flag)) web.push(args[i])
    else if (args[i].includes('=')) mock.push(args[i])
    else mock.push(args[i], args[++i] ?? '')
  }
  return { mock, web }
}

function viteBin() {
  const require = createRequire(import.meta.url)
  const pkgFile = require.resolve('vite/package.json')
  return join(dirname(pkgFile), require(pkgFile).bin.vite)
}

const COLORS = { mock: 34, web: 32 }

function run(name, args) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'] })
  const prefix = process.stdout.isTTY ? `\x1b[${COLORS[name]}m[${name}]\x1b[0m ` : `[${name}] `
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = ''
    from.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) to.write(`${prefix}${line}\n`)
    })
    from.on('end', () => rest && to.write(`${prefix}${rest}\n`))
  }
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  )
  return { name, child, exited }
}

const { mock: mockArgs, web: webArgs } = split(process.argv.slice(2))
const children = [
  run('mock', ['--import', 'tsx', 'mock/server.ts', ...mockArgs]),
  run('web', [viteBin(), ...webArgs]),
]

let stopping = false
async function stopAll(code) {
  if (stopping) return
  stopping = true
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGTERM')
  const force = setTimeout(() => {
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL')
  }, 8_000)
  await Promise.all(children.map((c) => c.exited))
  clearTimeout(force)
  process.exit(code)
}

process.once('SIGINT', () => void stopAll(130))
process.once('SIGTERM', () => void stopAll(143))
process.once('SIGHUP', () => void stopAll(129))
// One stops on its own (the mock could not start, Vite's port is taken): stop the other.
for (const { name, exited } of children) {
  void exited.then((code) => {
    if (stopping) return
    console.error(`[start] ${name} exited (${code}); stopping the rest`)
    void stopAll(code || 1)
  })
}
// npm does not pass SIGTERM through its `sh -c`: a new parent means whoever started us is gone.
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) void stopAll(143)
}, 250).unref()
