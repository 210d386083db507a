// Starts and stops Prism's validating proxy (`prism proxy SPEC UPSTREAM`) on 127.0.0.1.
// Prism forwards each call to the upstream and reports what breaks the contract in the
// `sl-violations` response header; it never turns drift into errors here (`--errors false`).
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'

export const HOST = '127.0.0.1'
/** Ports this project's tools use for what they start. */
export const PORT_RANGE: readonly [number, number] = [4100, 4199]

export type PrismProxy = {
  url: string
  port: number
  /** The last lines Prism printed (for error messages). */
  output(): string
  stop(): Promise<void>
}

export class ProxyStartError extends Error {}

function prismBin(): string {
  const require = createRequire(import.meta.url)
  const pkgFile = require.resolve('@stoplight/prism-cli/package.json')
  const pkg = require(pkgFile) as { bin: { prism: string } }
  return join(dirname(pkgFile), pkg.bin.prism)
}

/** Ports fetch refuses to connect to (the Fetch standard's "bad ports") from 1024 up. */
const FETCH_BAD_PORTS = new Set([
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669,
  6679, 6697, 10080,
])

function portIsFree(port: number): Promise<boolean> {
  if (FETCH_BAD_PORTS.has(port)) return Promise.resolve(false)
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, HOST, () => server.close(() => resolve(true)))
  })
}

/** A free port in the range, starting at a random offset so parallel runs rarely collide. */
export async function findFreePort(range: readonly [number, number] = PORT_RANGE): Promise<number> {
  const [low, high] = range
  const size = high - low + 1
  const offset = Math.floor(Math.random() * size)
  for (let i = 0; i < size; i++) {
    const port = low + ((offset + i) % size)
    if (await portIsFree(port)) return port
  }
  throw new ProxyStartError(`no free port in ${low}-${high} on ${HOST}`)
}

const live = new Set<ChildProcess>()
let exitHookInstalled = false

function killAll() {
  for (const child of live) child.kill('SIGTERM')
}

/** For command-line tools: Ctrl-C or a CI cancel also ends every proxy still running. */
export function stopProxiesOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll()
      process.exit(signal === 'SIGINT' ? 130 : 143)
    })
  }
}

type ProxyOptions = {
  spec: string
  upstream: string
  port?: number
  startTimeoutMs?: number
  verbose?: boolean
}

/** Tries on a port found free that another process took before Prism bound it. */
const PORT_ATTEMPTS = 3

export async function startPrismProxy(options: ProxyOptions): Promise<PrismProxy> {
  if (options.port !== undefined) return startOnce(options, options.port)
  // A free port is only free when it is looked at: a server started beside (another test
  // file's, the upstream's) can take it before Prism binds it. Then another port is tried.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options, await findFreePort())
    } catch (error) {
      const taken = error instanceof ProxyStartError && error.message.includes('EADDRINUSE')
      if (!taken || attempt >= PORT_ATTEMPTS) throw error
    }
  }
}

async function startOnce(options: ProxyOptions, port: number): Promise<PrismProxy> {
  const startTimeoutMs = options.startTimeoutMs ?? 60_000
  const args = [
    prismBin(),
    'proxy',
    options.spec,
    options.upstream,
    '--host',
    HOST,
    '--port',
    String(port),
    '--errors=false',
    // One process (Prism forks its server under NODE_ENV=production otherwise), so that
    // killing the child we started ends the proxy.
    '--multiprocess=false',
  ]
  if (!exitHookInstalled) {
    exitHookInstalled = true
    process.on('exit', killAll)
  }
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'development' },
  })
  live.add(child)
  const lines: string[] = []
  const remember = (chunk: Buffer) => {
    const text = chunk.toString()
    if (options.verbose) process.stderr.write(text)
    lines.push(...text.split('\n').filter(Boolean))
    if (lines.length > 60) lines.splice(0, lines.length - 60)
  }
  child.stdout?.on('data', remember)
  child.stderr?.on('data', remember)
  const output = () => lines.join('\n')

  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        live.delete(child)
        return resolve()
      }
      const force = setTimeout(() => child.kill('SIGKILL'), 3_000)
      child.once('exit', () => {
        clearTimeout(force)
        live.delete(child)
        resolve()
      })
      child.kill('SIGTERM')
    })

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup()
      void stop()
      reject(new ProxyStartError(`Prism proxy did not start within ${startTimeoutMs} ms`))
    }, startTimeoutMs)
    const onData = () => {
      if (output().includes('Prism is listening on')) {
        cleanup()
        resolve()
      }
    }
    const onExit = (code: number | null) => {
      cleanup()
      live.delete(child)
      const last = lines.slice(-5).join('\n')
      reject(new ProxyStartError(`Prism proxy exited (code ${code}) before listening:\n${last}`))
    }
    const cleanup = () => {
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      child.off('exit', onExit)
    }
    child.stdout?.on('data', onData)
    child.once('exit', onExit)
  })

  return { url: `http://${HOST}:${port}`, port, output, stop }
}
