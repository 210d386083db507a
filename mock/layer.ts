// The mock layer: a small HTTP server in front of Prism. Prism still serves and validates
// every body from the contract's examples; the layer only chooses WHICH documented answer,
// by adding Prism's `Prefer` header, from the session's scenario, its transitions and the
// request's parameters. It also gives each login its own session cookie, refuses a cookie
// after logout and drops `Secure` from cookies (the mock is plain http, also on the LAN).
//
// Order of precedence for an operation's answer:
//   1. a logged-out session cookie: 401 (when the operation documents one);
//   2. the client's own `Prefer` header (mock:prefer in the browser, curl, tests);
//   3. what a transition set for this session and scenario;
//   4. the scenario's choice;
//   5. the example whose content fits the parameters (mock/rules.ts);
//   6. Prism's default (first example of the lowest 2xx).
// A POST with an Idempotency-Key that this session already sent is answered before all of
// that, as the contract says a server does: the same body gets the first answer again (no
// transition fires twice), another body IDEMPOTENCY_KEY_REUSED, a repeat while the first is
// still in flight IDEMPOTENCY_KEY_IN_PROGRESS.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http'
import { createRequire } from 'node:module'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { answerOf, exampleByParameters, exampleOfChoice, preferFor } from './choose'
import type { Contract, OperationInfo } from './contract'
import { DEFAULT_SCENARIO, isScenarioName, scenarios, type Choices } from './scenarios'
import { Sessions } from './sessions'

/** Paths of the layer's own endpoints; the contract's paths all start with /v2. */
export const MOCK_PREFIX = '/__mock'
/** The bundled contract: what Prism serves and where example names come from. */
const SPEC_PATH = new URL('../generated/openapi.yaml', import.meta.url)
export const SCENARIO_HEADER = 'x-mock-scenario'
const HOST = '127.0.0.1'

export type MockOptions = {
  /** Port of the layer (0: any free port). Prism always takes a free port of its own. */
  port?: number
  host?: string
  /** The scenario of requests that name none. */
  scenario?: string
  /** How many sessions keep their state; the least recently used is dropped beyond. */
  maxSessions?: number
  spec?: string
  /** One line per request; silent when omitted. */
  log?: (line: string) => void
  /** Pass Prism's own output through (its request validation messages). */
  prismOutput?: boolean
  startTimeoutMs?: number
}

export type RunningMock = {
  url: string
  port: number
  prismUrl: string
  /** Resolves when the layer and Prism have both stopped. */
  stop(): Promise<void>
  /** Rejects if Prism exits on its own while the layer runs. */
  prismExited: Promise<never>
}

class UnknownScenarioError extends Error {}

function problem(res: ServerResponse, status: number, title: string, detail: string) {
  res.writeHead(status, { 'content-type': 'application/problem+json' })
  res.end(JSON.stringify({ type: 'about:blank', title, status, detail }))
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return undefined
}

export function scenarioNames() {
  return Object.keys(scenarios)
}

function checkScenario(name: string) {
  if (!isScenarioName(name)) {
    throw new UnknownScenarioError(
      `unknown scenario "${name}"; known: ${scenarioNames().join(', ')}`,
    )
  }
  return name
}

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

async function startPrism(spec: string, output: boolean, timeoutMs: number) {
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

export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  const spec = options.spec ?? fileURLToPath(SPEC_PATH)
  const defaultScenario = checkScenario(options.scenario ?? DEFAULT_SCENARIO)
  // Prism boots in its own process while this one reads the contract.
  const prismStarting = startPrism(
    spec,
    options.prismOutput ?? false,
    // Generous: on the shared 2-core machine at load ~29 Prism did not listen within 30 s.
    options.startTimeoutMs ?? 120_000,
  )
  let contract: Contract
  try {
    // Imported here, not at the top: reading the contract (yaml) waits until Prism is spawned.
    const { loadContract } = await import('./contract')
    contract = loadContract(spec)
  } catch (error) {
    await prismStarting.then(
      (p) => p.stop(),
      () => undefined,
    )
    throw error
  }
  const sessions = new Sessions(options.maxSessions ?? 500)
  const log = options.log ?? (() => undefined)
  const warned = new Set<string>()
  const warn = (message: string) => {
    if (warned.has(message)) return
    warned.add(message)
    console.warn(`mock: ${message}`)
  }

  const prism = await prismStarting
  const prismUrl = `http://${HOST}:${prism.port}`

  /** The example a choice names, as a Prefer; a name the contract lacks falls back to default. */
  const preferOf = (op: OperationInfo, example: string) => {
    const prefer = preferFor(op, example)
    if (!prefer) warn(`${op.id} has no example "${example}" in the contract; answering its default`)
    return prefer
  }

  function choosePrefer(
    op: OperationInfo,
    scenario: string,
    sid: string | undefined,
    clientPrefer: string | undefined,
    pathParams: Record<string, string>,
    query: URLSearchParams,
  ): { prefer: string | undefined; by: string } {
    if (sid && sessions.isEnded(sid) && !op.public && op.examples.has(401)) {
      return { prefer: 'code=401', by: 'logged-out' }
    }
    if (clientPrefer) return { prefer: clientPrefer, by: 'client' }
    const changed: Choices = sid ? sessions.changed(sid, scenario) : {}
    const declared: Choices = scenarios[checkScenario(scenario)].prefer
    const choice = op.id in changed ? changed[op.id] : declared[op.id]
    const chosen = exampleOfChoice(choice, pathParams, query)
    if (chosen) {
      const prefer = preferOf(op, chosen)
      if (prefer) return { prefer, by: op.id in changed ? 'transition' : 'scenario' }
    }
    const byParams = exampleByParameters(op, pathParams, query)
    if (byParams) return { prefer: preferFor(op, byParams), by: 'parameters' }
    return { prefer: undefined, by: 'default' }
  }

  function afterAnswer(
    op: OperationInfo,
    scenario: string,
    sid: string | undefined,
    prefer: string | undefined,
    status: number,
  ) {
    if (!sid || sessions.isEnded(sid)) return
    const asked = answerOf(op, prefer)
    for (const transition of scenarios[checkScenario(scenario)].transitions) {
      if (transition.after !== op.id) continue
      const fires = transition.answered
        ? asked.example === transition.answered && asked.status === status
        : status >= 200 && status < 300
      if (fires) sessions.apply(sid, scenario, transition.then)
    }
  }

  /** New session cookies get a value of their own; cleared ones end the session. */
  function rewriteCookies(cookies: string[], sid: string | undefined): string[] {
    const name = contract.sessionCookie
    return cookies.map((cookie) => {
      let next = cookie.replace(/;\s*Secure(?=;|$)/gi, '')
      const value = cookieValue(next.split(';')[0], name)
      if (value === undefined) return next
      if (value === '') {
        if (sid) sessions.end(sid)
      } else {
        next = next.replace(`${name}=${value}`, `${name}=mock-${randomUUID()}`)
      }
      return next
    })
  }

  function handleMockEndpoint(req: IncomingMessage, res: ServerResponse, url: URL) {
    const sid = cookieValue(req.headers.cookie, contract.sessionCookie) || undefined
    const route = `${req.method} ${url.pathname.slice(MOCK_PREFIX.length)}`
    if (route === 'GET /scenarios') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          default: defaultScenario,
          scenarios: Object.entries(scenarios).map(([name, s]) => ({
            name,
            description: s.description,
          })),
        }),
      )
      return
    }
    if (route === 'GET /session') {
      const scenario = scenarioOf(req)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          sid: sid ?? null,
          scenario,
          loggedOut: sid ? sessions.isEnded(sid) : false,
          changed: sid ? sessions.changed(sid, scenario) : {},
        }),
      )
      return
    }
    if (route === 'POST /reset') {
      if (url.searchParams.has('all')) sessions.reset()
      else if (sid) sessions.reset(sid)
      res.writeHead(204).end()
      return
    }
    problem(res, 404, 'Unknown mock endpoint', `${route}: try GET ${MOCK_PREFIX}/scenarios`)
  }

  function scenarioOf(req: IncomingMessage): string {
    const header = req.headers[SCENARIO_HEADER]
    const name = (Array.isArray(header) ? header[0] : header)?.trim()
    return checkScenario(name || defaultScenario)
  }

  /** Sends one request to Prism and resolves with its whole answer. */
  function askPrism(req: IncomingMessage, body: Buffer, prefer: string | undefined) {
    const headers: OutgoingHttpHeaders = { ...req.headers, host: `${HOST}:${prism.port}` }
    delete headers[SCENARIO_HEADER]
    delete headers.connection
    delete headers['transfer-encoding']
    headers['content-length'] = body.length
    if (prefer) headers.prefer = prefer
    else delete headers.prefer
    return new Promise<{ answer: IncomingMessage; body: Buffer }>((resolve, reject) => {
      const upstream = httpRequest(
        { host: HOST, port: prism.port, method: req.method, path: req.url, headers },
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

  /**
   * Prism found the request itself broken (not just a warning). Its `sl-violations` lists
   * request and response violations, each with a location starting `request` or `response`;
   * only the request's count, so an example deliberately outside the contract (decision 005's
   * `unknownStatus`) is still served when a scenario chooses it.
   */
  const requestViolated = (answer: IncomingMessage) => {
    const header = String(answer.headers['sl-violations'] ?? '')
    if (!header) return false
    try {
      const violations = JSON.parse(header) as { location?: unknown[]; severity?: string }[]
      return violations.some((v) => v.location?.[0] === 'request' && v.severity === 'Error')
    } catch {
      // Prism cuts a long list ("Too many violations! ..."): read what is there.
      return /"location":\["request"[^\]]*\],[^{}]*"severity":"Error"/.test(header)
    }
  }

  async function proxy(req: IncomingMessage, res: ServerResponse, url: URL) {
    const scenario = scenarioOf(req)
    const sid = cookieValue(req.headers.cookie, contract.sessionCookie) || undefined
    const matched = contract.match(req.method ?? 'GET', url.pathname)
    const preferHeader = req.headers.prefer
    const clientPrefer = Array.isArray(preferHeader) ? preferHeader.join(', ') : preferHeader
    let { prefer, by } = matched
      ? choosePrefer(matched.op, scenario, sid, clientPrefer, matched.params, url.searchParams)
      : { prefer: clientPrefer, by: 'client' }

    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)

    const keyHeader = req.headers['idempotency-key']
    const idempotencyKey = Array.isArray(keyHeader) ? keyHeader[0] : keyHeader
    // Kept per session and operation; the client's own Prefer (an explicit choice) is never replayed.
    let kept =
      matched &&
      sid &&
      idempotencyKey &&
      req.method !== 'GET' &&
      by !== 'client' &&
      by !== 'logged-out'
        ? { sid, key: `${matched.op.id} ${idempotencyKey}`, request: body.toString('utf8') }
        : undefined
    if (kept && matched) {
      const first = sessions.kept(kept.sid, kept.key)
      if (first?.state === 'done' && first.request === kept.request) {
        res.writeHead(first.status, { ...first.headers, 'x-mock-prefer': 'replay (idempotency)' })
        res.end(first.body)
        log(
          `${req.method} ${url.pathname} -> ${first.status} [${scenario}] replay of ${idempotencyKey}`,
        )
        return
      }
      if (first) {
        const code =
          first.state === 'in-flight' ? 'IDEMPOTENCY_KEY_IN_PROGRESS' : 'IDEMPOTENCY_KEY_REUSED'
        prefer = preferOf(matched.op, code)
        by = 'idempotency'
        kept = undefined
      } else {
        sessions.keep(kept.sid, kept.key, { state: 'in-flight', request: kept.request })
      }
    }
    try {
      await answerAndKeep()
    } finally {
      // Prism failed or the answer is a 5xx: the same key may try again.
      if (kept && sessions.kept(kept.sid, kept.key)?.state === 'in-flight') {
        sessions.forget(kept.sid, kept.key)
      }
    }

    async function answerAndKeep() {
      let { answer, body: answerBody } = await askPrism(req, body, prefer)
      // Prism honours a Prefer even for a request that breaks the contract; a choice of ours
      // must not hide that, so such a request is asked again as the client sent it.
      if (prefer && by !== 'client' && by !== 'logged-out' && requestViolated(answer)) {
        ;({ answer, body: answerBody } = await askPrism(req, body, clientPrefer))
        prefer = clientPrefer
        by = 'client'
      }

      const status = answer.statusCode ?? 502
      const out: OutgoingHttpHeaders = { ...answer.headers }
      delete out.connection
      delete out['keep-alive']
      delete out['transfer-encoding']
      out['content-length'] = answerBody.length
      if (answer.headers['set-cookie']) {
        out['set-cookie'] = rewriteCookies(answer.headers['set-cookie'], sid)
      }
      out[SCENARIO_HEADER] = scenario
      if (prefer) out['x-mock-prefer'] = `${prefer} (${by})`
      if (matched) afterAnswer(matched.op, scenario, sid, prefer, status)
      if (kept && status < 500) {
        const headers = { ...out }
        delete headers['set-cookie']
        sessions.keep(kept.sid, kept.key, {
          state: 'done',
          request: kept.request,
          status,
          headers,
          body: answerBody,
        })
      }
      res.writeHead(status, out)
      res.end(answerBody)
      const violations = answer.headers['sl-violations']
      log(
        `${req.method} ${url.pathname}${url.search} -> ${status} [${scenario}]` +
          (prefer ? ` ${prefer} (${by})` : '') +
          (violations ? ` sl-violations: ${String(violations)}` : ''),
      )
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock')
    const fail = (error: unknown) => {
      if (error instanceof UnknownScenarioError) {
        problem(res, 400, 'Unknown mock scenario', error.message)
      } else if (!res.headersSent) {
        problem(
          res,
          502,
          'Prism did not answer',
          error instanceof Error ? error.message : String(error),
        )
      } else {
        res.destroy()
      }
    }
    try {
      if (url.pathname === MOCK_PREFIX || url.pathname.startsWith(`${MOCK_PREFIX}/`)) {
        handleMockEndpoint(req, res, url)
        return
      }
      proxy(req, res, url).catch(fail)
    } catch (error) {
      fail(error)
    }
  })

  const host = options.host ?? HOST
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    await prism.stop()
    throw error
  }
  const { port } = server.address() as AddressInfo

  return {
    url: `http://${host}:${port}`,
    port,
    prismUrl,
    prismExited: prism.exited,
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await prism.stop()
    },
  }
}
