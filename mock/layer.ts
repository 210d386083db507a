// The mock layer: a small HTTP server in front of Prism. Prism still serves and validates
// every body from the contract's examples; the layer chooses WHICH documented answer, by
// adding Prism's `Prefer` header, from the session's scenario, its transitions and the
// request's parameters, and builds on it where the contract says a server would (answer.ts:
// VALIDATION_FAILED for a broken request, dates moved to now, echoes, the request's values
// repeated and a fresh requestId per answer (agree.ts, figures.ts), long lists), each built
// body validated against the response schema (validate.ts). It also gives each login its own
// session cookie, refuses a cookie after logout, drops `Secure` from cookies (the mock is
// plain http, also on the LAN), and waits or fails on purpose when asked (chaos.ts).
//
// Order of precedence for an operation's answer:
//   1. a missing, invalid or logged-out session cookie: 401 (when the operation documents
//      one), before any parameter is judged;
//   2. the client's own `Prefer` header (mock:prefer in the browser, curl, tests);
//   3. what a transition set for the session and scenario;
//   4. the scenario's choice;
//   5. the example whose content fits the parameters (mock/rules.ts);
//   6. Prism's default (first example of the lowest 2xx).
// A POST with an Idempotency-Key that the same session already sent is answered before all of
// that, as the contract says a server does: the same body gets the first answer again (no
// transition fires twice), another body IDEMPOTENCY_KEY_REUSED, a repeat while the first is
// still in flight IDEMPOTENCY_KEY_IN_PROGRESS.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { answerApi, checkScenario, UnknownScenarioError, type Layer } from './answer'
import { chaos, ChaosError, type ChaosOptions } from './chaos'
import type { Contract } from './contract'
import { answerControl, isControl } from './control'
import { problem } from './http'
import { HOST, startPrism } from './prism'
import { DEFAULT_SCENARIO, scenarios } from './scenarios'
import { Sessions } from './sessions'
import { responseValidator } from './validate'

export { freePort } from './prism'

/** The bundled contract: what Prism serves and where example names come from. */
const SPEC_PATH = new URL('../generated/openapi.yaml', import.meta.url)

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
  /** Latency, random failures and their seed (mock/chaos.ts). */
  chaos?: ChaosOptions
  /** The layer's clock (epoch ms): "now" in the example world (mock/dates.ts). */
  now?: () => number
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

export function scenarioNames() {
  return Object.keys(scenarios)
}

/** Reads the contract while Prism boots; stops Prism if the contract cannot be read. */
async function loadWhilePrismStarts(spec: string, prismStarting: ReturnType<typeof startPrism>) {
  try {
    // Imported here, not at the top: reading the contract (yaml) waits until Prism is spawned.
    const { loadContract } = await import('./contract')
    return loadContract(spec)
  } catch (error) {
    await prismStarting.then(
      (p) => p.stop(),
      () => undefined,
    )
    throw error
  }
}

function onceWarner() {
  const warned = new Set<string>()
  return (message: string) => {
    if (warned.has(message)) return
    warned.add(message)
    console.warn(`mock: ${message}`)
  }
}

function route(layer: Layer) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://mock')
    const fail = (error: unknown) => {
      if (error instanceof UnknownScenarioError) {
        problem(res, 400, 'Unknown mock scenario', error.message)
      } else if (error instanceof ChaosError) {
        problem(res, 400, 'Bad mock setting', error.message)
      } else if (!res.headersSent) {
        const detail = error instanceof Error ? error.message : String(error)
        problem(res, 502, 'Prism did not answer', detail)
      } else {
        res.destroy()
      }
    }
    try {
      if (isControl(url)) answerControl(layer, req, res, url)
      else answerApi(layer, req, res, url).catch(fail)
    } catch (error) {
      fail(error)
    }
  }
}

export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  const spec = options.spec ?? fileURLToPath(SPEC_PATH)
  const defaultScenario = checkScenario(options.scenario ?? DEFAULT_SCENARIO)
  // Prism boots in its own process while this one reads the contract. Generous timeout: on
  // the shared 2-core machine at load ~29 Prism did not listen within 30 s.
  const prismStarting = startPrism(
    spec,
    options.prismOutput ?? false,
    options.startTimeoutMs ?? 120_000,
  )
  const contract: Contract = await loadWhilePrismStarts(spec, prismStarting)
  const check = responseValidator(contract)
  const prism = await prismStarting
  const layer: Layer = {
    contract,
    sessions: new Sessions(options.maxSessions ?? 500),
    prismPort: prism.port,
    defaultScenario,
    chaos: chaos(options.chaos ?? {}),
    check,
    now: options.now ?? Date.now,
    log: options.log ?? (() => undefined),
    warn: onceWarner(),
  }
  const server = createServer(route(layer))
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
    prismUrl: `http://${HOST}:${prism.port}`,
    prismExited: prism.exited,
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await prism.stop()
    },
  }
}
