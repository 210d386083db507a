// `npm run mock`: the mock layer on MOCK_PORT (default 4010) with Prism behind it.
//   npm run mock -- --scenario new-player     (or MOCK_SCENARIO=new-player npm run mock)
//   npm run mock -- --latency 300-1200 --latency createDeposit=3000 --fail-rate 0.1 --seed 7
//   npm run mock -- --prism-log               (Prism's own output too)
// Ctrl-C or SIGTERM stops the layer and Prism.
import { parseArgs } from 'node:util'
import { operations } from '../generated/api/operations'
import { parseFailRate, parseLatency, perOperation } from './chaos'
import { scenarioNames, startMock } from './layer'

const HELP = `npm run mock -- [--scenario NAME] [--port N] [--latency MS|MIN-MAX|OP=MS...]
                 [--fail-rate RATE|OP=RATE...] [--seed N] [--prism-log]
  --latency 300-1200           every answer waits 300 to 1200 ms (drawn per request)
  --latency createDeposit=3000 one operation waits 3 s (repeat the flag; an operation wins over *)
  --fail-rate 0.1              one call in ten fails: its documented 500, or a dropped connection
  --seed 7                     the same draws on every run (default: a new seed each start)
scenarios: ${scenarioNames().join(', ')}
env: MOCK_PORT (default 4010), MOCK_SCENARIO, MOCK_MAX_SESSIONS (default 500),
     MOCK_START_TIMEOUT_MS (default 120000)`

const { values } = parseArgs({
  options: {
    scenario: { type: 'string' },
    port: { type: 'string' },
    latency: { type: 'string', multiple: true, default: [] },
    'fail-rate': { type: 'string', multiple: true, default: [] },
    seed: { type: 'string' },
    'prism-log': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

if (values.help) {
  console.log(HELP)
  process.exit(0)
}

const started = performance.now()
const scenario = values.scenario ?? process.env.MOCK_SCENARIO ?? undefined
const port = Number(values.port ?? process.env.MOCK_PORT ?? 4010)
const isOperation = (id: string) => Object.hasOwn(operations, id)

try {
  const seed = values.seed === undefined ? undefined : Number(values.seed)
  if (seed !== undefined && !Number.isInteger(seed))
    throw new Error(`--seed ${values.seed}: not an integer`)
  const mock = await startMock({
    port,
    scenario,
    maxSessions: process.env.MOCK_MAX_SESSIONS ? Number(process.env.MOCK_MAX_SESSIONS) : undefined,
    startTimeoutMs: process.env.MOCK_START_TIMEOUT_MS
      ? Number(process.env.MOCK_START_TIMEOUT_MS)
      : undefined,
    prismOutput: values['prism-log'],
    chaos: {
      latency: perOperation(values.latency, parseLatency, isOperation),
      failRate: perOperation(values['fail-rate'], parseFailRate, isOperation),
      seed,
    },
    log: (line) => console.log(line),
  })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `mock: ${mock.url} (Prism on ${mock.prismUrl}), scenario "${scenario ?? 'default'}", ` +
      `ready in ${seconds} s. Scenarios: ${mock.url}/__mock/scenarios, ` +
      `operations and their examples: ${mock.url}/__mock/operations`,
  )
  let stopping = false
  const stop = (code: number) => {
    if (stopping) return
    stopping = true
    void mock.stop().finally(() => process.exit(code))
  }
  process.once('SIGINT', () => stop(130))
  process.once('SIGTERM', () => stop(143))
  mock.prismExited.catch((error: unknown) => {
    console.error(`mock: ${error instanceof Error ? error.message : String(error)}`)
    stop(1)
  })
} catch (error) {
  console.error(`mock: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
