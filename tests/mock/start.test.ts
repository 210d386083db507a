// @vitest-environment node
// `npm start` as a process manager and a terminal stop it: SIGTERM to npm itself (which does
// not pass it through its `sh -c`) and Ctrl-C (SIGINT to the whole process group; npm ignores
// a SIGINT sent to it alone) both leave no mock, Prism or Vite port bound.
import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { freePort } from '../../mock/layer'
import { portOpen, SERVER_START_MS, SERVER_WAIT_MS } from './support'

const root = new URL('../../', import.meta.url)

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function startAndStop(stop: (pid: number) => void) {
  const [mockPort, webPort] = [await freePort(), await freePort()]
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, MOCK_PORT: String(mockPort), WEB_PORT: String(webPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, as a terminal gives a command.
    detached: true,
  })
  let output = ''
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const npmExited = new Promise((resolve) => npm.once('exit', resolve))
  await until(() => /\[mock\] mock: http/.test(output), SERVER_WAIT_MS, `the mock in:\n${output}`)
  await until(() => portOpen(webPort), SERVER_WAIT_MS, `Vite in:\n${output}`)
  const prismPort = Number(/Prism on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1])
  expect(await portOpen(mockPort)).toBe(true)
  expect(await portOpen(prismPort)).toBe(true)
  stop(npm.pid ?? 0)
  await npmExited
  for (const port of [mockPort, prismPort, webPort]) {
    await until(async () => !(await portOpen(port)), 5_000, `port ${port} to be free`)
  }
}

// npm, the mock with its Prism, and Vite start and stop in each test: ~8 s alone.
const NPM_START_MS = SERVER_START_MS + 15_000

describe('npm start', () => {
  it(
    'SIGTERM to npm start frees the mock’s, Prism’s and Vite’s ports',
    async () => {
      await startAndStop((pid) => process.kill(pid, 'SIGTERM'))
    },
    NPM_START_MS,
  )

  it(
    'Ctrl-C (SIGINT to the process group) does too',
    async () => {
      await startAndStop((pid) => process.kill(-pid, 'SIGINT'))
    },
    NPM_START_MS,
  )
})
