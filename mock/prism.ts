// Prism as a child process of the layer: started on a free port, stopped with the layer (and
// on its own when the layer dies: exit-with-parent.cjs), asked one request at a time.
import { spawn, type ChildProcess } from 'node:child_process'
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http'
import { createRequire } from 'node:module'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const HOST = '127.0.0.1'

/** Asks the OS for a free port, so worktrees and test files never collide. */
export function freePort(host = HOST): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

function prismBin(): string {
  const require = createRequire(import.meta.url)
  const pkgFile = require.resolve('@stoplight/prism-cli/package.json')
  const pkg = require(pkgFile) as { bin: { prism: string } }
  return join(dirname(pkgFile), pkg.bin.prism)
}

export async function startPrism(spec: string, output: boolean, timeoutMs: number) {
  const port = await freePort()
  const child: ChildProcess = spawn(
    process.execPath,
    // One process: Prism forks its server under NODE_ENV=production otherwise, and a forked
    // server would outlive the child we stop.
    [
      '--require',
      fileURLToPath(new URL('./exit-with-parent.cjs', import.meta.url)),
      prismBin(),
      'mock',
      '--host',
      HOST,
      '--port',
      String(port),
      '--multiprocess=false',
      spec,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'development' } },
  )
  const lines: string[] = []
  const remember = (chunk: Buffer) => {
    const text = chunk.toString()
    if (output) process.stdout.write(text)
    lines.push(...text.split('\n').filter(Boolean))
    if (lines.length > 40) lines.splice(0, lines.length - 40)
  }
  child.stdout?.on('data', remember)
  child.stderr?.on('data', remember)

  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      const force = setTimeout(() => child.kill('SIGKILL'), 3_000)
      child.once('exit', () => {
        clearTimeout(force)
        resolve()
      })
      child.kill('SIGTERM')
    })
  // Whatever ends this process (an uncaught error included) ends Prism with it.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      done()
      void stop()
      reject(
        new Error(`Prism did not start within ${timeoutMs} ms:\n${lines.slice(-5).join('\n')}`),
      )
    }, timeoutMs)
    const onData = () => {
      if (lines.some((line) => line.includes('Prism is listening on'))) {
        done()
        resolve()
      }
    }
    const onExit = (code: number | null) => {
      done()
      reject(
        new Error(`Prism exited (code ${code}) before listening:\n${lines.slice(-5).join('\n')}`),
      )
    }
    const done = () => {
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      child.off('exit', onExit)
    }
    child.stdout?.on('data', onData)
    child.once('exit', onExit)
  })

  let stopping = false
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) => {
      if (!stopping) {
        reject(new Error(`Prism exited (${signal ?? code}):\n${lines.slice(-5).join('\n')}`))
      }
    })
  })
  exited.catch(() => undefined)
  return {
    port,
    exited,
    async stop() {
      stopping = true
      await stop()
      process.off('exit', killOnExit)
    },
  }
}

export type PrismAnswer = { answer: IncomingMessage; body: Buffer }

/**
 * Sends one request to Prism as the client sent it (the layer's own `x-mock-*` headers left
 * out), with `prefer` as its Prefer header, and resolves with the whole answer.
 */
export function askPrism(
  port: number,
  req: IncomingMessage,
  body: Buffer,
  prefer: string | undefined,
): Promise<PrismAnswer> {
  const headers: OutgoingHttpHeaders = { ...req.headers, host: `${HOST}:${port}` }
  for (const name of Object.keys(headers)) if (name.startsWith('x-mock-')) delete headers[name]
  delete headers.connection
  delete headers['transfer-encoding']
  headers['content-length'] = body.length
  if (prefer) headers.prefer = prefer
  else delete headers.prefer
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(
      { host: HOST, port, method: req.method, path: req.url, headers },
      (answer) => {
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => resolve({ answer, body: Buffer.concat(chunks) }))
        answer.on('error', reject)
      },
    )
    upstream.on('error', reject)
    upstream.end(body)
  })
}

/** One entry of Prism's `sl-violations` header. */
export type Violation = {
  location: (string | number)[]
  severity: string
  code: string | number
  message: string
}

/**
 * Prism's violation for a missing or invalid session (`Invalid security scheme used`, its code
 * the 401 it answers).
 */
export const isSecurityViolation = (violation: Violation) =>
  String(violation.code) === '401' && violation.location.length === 1

/**
 * What Prism found broken in the REQUEST itself (errors, not warnings). Its `sl-violations`
 * lists request and response violations, each with a location starting `request` or
 * `response`; only the request's count, so an example deliberately outside the contract
 * (decision 005's `unknownStatus`) is still served when a scenario chooses it.
 */
export function requestViolations(answer: IncomingMessage): Violation[] {
  const header = String(answer.headers['sl-violations'] ?? '')
  if (!header) return []
  let all: Violation[]
  try {
    all = JSON.parse(header) as Violation[]
  } catch {
    // Prism cuts a long list ("Too many violations! ..."): read the whole entries there are.
    all = [...header.matchAll(/\{"location":\[[^\]]*\][^{}]*\}/g)].flatMap(([entry]) => {
      try {
        return [JSON.parse(entry) as Violation]
      } catch {
        return []
      }
    })
  }
  return all.filter((v) => v.location?.[0] === 'request' && v.severity === 'Error')
}
