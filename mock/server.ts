// `npm run mock`: the mock layer on MOCK_PORT (default 4010) with Prism behind it.
//   npm run mock -- --scenario new-player     (or MOCK_SCENARIO=new-player npm run mock)
//   npm run mock -- --prism-log               (Prism's own output too)
// Ctrl-C or SIGTERM stops the layer and Prism.
import { parseArgs } from 'node:util'
import { scenarioNames, startMock } from './layer'

const { values } = parseArgs({
  options: {
    scenario: { type: 'string' },
    port: { type: 'string' },
    'prism-log': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

if (values.help) {
  console.log(
    'npm run mock -- [--scenario NAME] [--port N] [--prism-log]\n' +
      `scenarios: ${scenarioNames().join(', ')}\n` +
      'env: MOCK_PORT (default 4010), MOCK_SCENARIO, MOCK_MAX_SESSIONS (default 500), ' +
      'MOCK_START_TIMEOUT_MS (default 30000)',
  )
  process.exit(0)
}

const started = performance.now()
const scenario = values.scenario ?? process.env.MOCK_SCENARIO ?? undefined
const port = Number(values.port ?? process.env.MOCK_PORT ?? 4010)

try {
  const mock = await startMock({
    port,
    scenario,
    maxSessions: process.env.MOCK_MAX_SESSIONS ? Number(process.env.MOCK_MAX_SESSIONS) : undefined,
    // A loaded shared machine (load average above 20) can take Prism past the 30 s default.
    startTimeoutMs: process.env.MOCK_START_TIMEOUT_MS
      ? Number(process.env.MOCK_START_TIMEOUT_MS)
      : undefined,
    prismOutput: values['prism-log'],
    log: (line) => console.log(line),
  })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `mock: ${mock.url} (Prism on ${mock.prismUrl}), scenario "${scenario ?? 'default'}", ` +
      `ready in ${seconds} s. Scenarios: ${mock.url}/__mock/scenarios`,
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
