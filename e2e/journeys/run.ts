// `npm run journeys -- --seed N --runs N`: model-based journeys through the site. fast-check
// draws short sequences of what a player and their network do (commands.ts), runs them in
// real Chromium at phone width on the e2e build, against the real mock, and checks the
// invariants (invariants.ts) after every command. A failing journey is shrunk to the shortest
// that still fails and printed with one command that replays it.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Browser } from '@playwright/test'
import fc from 'fast-check'
import { startMock } from '../../mock/layer'
import { systemChromium } from '../../scripts/chromium.mjs'
import { ensureE2eBuild, serveBuild } from '../serve-build'
import { COMMANDS, route } from './commands'
import { assertInvariants, InvariantError } from './invariants'
import { Journey } from './journey'
import { initialModel, locales, SCENARIOS, type Start } from './model'

const USAGE = `npm run journeys -- [--seed N] [--runs N] [--path P --stream S] [--dist DIR]
  --seed N           the run's seed (default 1): the same seed draws the same journeys
  --runs N           how many journeys (default 200), shared by the streams
  --stream S --path P  replay one journey (what a failure prints), not shrunk further
  --concurrency N    journeys at once, one stream each (default 2, one per core)
  --max-commands N   the longest journey (default 6 commands after its first page)
  --shrink-seconds N stop shrinking a failure after N s (default 180)
  --skip NAME,...   leave commands out (${Object.keys(COMMANDS).join(', ')})
  --dist DIR         serve another build (e.g. an older commit's dist-e2e), not built here
  --prebuilt         serve dist-e2e as it is (npm test builds it before)`

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '200' },
    path: { type: 'string' },
    stream: { type: 'string', default: '0' },
    concurrency: { type: 'string', default: '2' },
    'max-commands': { type: 'string', default: '6' },
    'shrink-seconds': { type: 'string', default: '180' },
    dist: { type: 'string' },
    skip: { type: 'string', default: '' },
    prebuilt: { type: 'boolean', default: !!process.env.E2E_PREBUILT },
    help: { type: 'boolean', default: false },
  },
})
if (args.help) {
  console.log(USAGE)
  process.exit(0)
}
const seed = Number(args.seed)
const runs = Number(args.runs)
const maxCommands = Number(args['max-commands'])
const numbers = [seed, runs, maxCommands, Number(args.stream), Number(args.concurrency)]
if (!numbers.every(Number.isInteger) || runs < 1) {
  console.error(`journeys: --seed, --runs, --stream and --concurrency take whole numbers\n${USAGE}`)
  process.exit(2)
}

const skipped = args.skip.split(',').filter(Boolean)
const unknownSkips = skipped.filter((name) => !(name in COMMANDS))
if (unknownSkips.length) {
  console.error(`journeys: no command named ${unknownSkips.join(', ')}\n${USAGE}`)
  process.exit(2)
}
const commands = Object.entries(COMMANDS).flatMap(([name, arbs]) =>
  skipped.includes(name) ? [] : arbs,
)

const REPORT_DIR = 'reports/journeys'
/** The site's host in the browser: not localhost, so not a secure context, as on a LAN phone. */
const HOST = 'journeys.test'

/** Stream `s` of seed N runs fast-check with this seed; a replay names both. */
const streamSeed = (stream: number) => seed + stream * 1_000_003

type Failure = {
  stream: number
  start: Start
  journey: string[]
  problems: string[]
  answers: string[]
  keyed: Journey['keyed']
  screenshot: string
}

const startArbitrary: fc.Arbitrary<Start> = fc.record({
  locale: fc.constantFrom(...locales),
  scenario: fc.constantFrom(...SCENARIOS),
  // Most of what can go wrong is behind the login: three journeys in four start there.
  loggedIn: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, fc.constant(false)),
  path: route,
})

const describeStart = (start: Start) =>
  `${start.loggedIn ? 'player' : 'visitor'} in ${start.locale}, scenario ${start.scenario}, at ${start.path}`

/** One stream of journeys: its own fast-check run, its own tab at a time. */
async function runStream(
  browser: Browser,
  base: string,
  mockUrl: string,
  stream: number,
  count: number,
) {
  const shrinkBudgetMs = Number(args['shrink-seconds']) * 1000
  let firstFailureAt = 0
  let last: Failure | undefined
  const screenshot = join(REPORT_DIR, `stream-${stream}-last.png`)
  const property = fc.asyncProperty(
    startArbitrary,
    fc.commands(commands, { maxCommands, size: 'max' }),
    async (start, commands) => {
      // Past the shrinking budget every candidate passes at once: the smallest failure found
      // so far is the one reported.
      if (firstFailureAt && Date.now() - firstFailureAt > shrinkBudgetMs) return true
      const journey = await Journey.open(browser, base, mockUrl, start)
      const model = initialModel(start)
      try {
        await journey.settle()
        await assertInvariants(model, journey, [])
        await fc.asyncModelRun(() => ({ model, real: journey }), commands)
        return true
      } catch (error) {
        firstFailureAt ||= Date.now()
        await journey.page.screenshot({ path: screenshot }).catch(() => undefined)
        last = {
          stream,
          start,
          journey: [...journey.log],
          problems:
            error instanceof InvariantError
              ? error.problems
              : [`the journey could not go on: ${(error as Error).message.split('\n')[0]}`],
          answers: journey.answers.map(
            (a) => `#${a.command} ${a.op} ${a.method} ${a.path} -> ${a.status || 'no answer'}`,
          ),
          keyed: journey.keyed,
          screenshot,
        }
        throw error
      } finally {
        if (process.env.JOURNEYS_DEBUG) {
          console.log(`[${stream}] ${describeStart(start)}: ${journey.log.join('; ')}`)
        }
        await journey.close()
      }
    },
  )
  const details = await fc.check(property, {
    seed: streamSeed(stream),
    // A replay runs the one journey its path names, and does not shrink it again.
    ...(args.path ? { numRuns: 1, path: args.path, endOnFailure: true } : { numRuns: count }),
  })
  if (!details.failed || !last) return { stream, runs: details.numRuns, failure: undefined }
  const final = join(REPORT_DIR, `seed-${seed}-stream-${stream}.png`)
  renameSync(screenshot, final)
  const skip =
    (skipped.length ? ` --skip ${skipped.join(',')}` : '') +
    (args.dist ? ` --dist ${args.dist}` : '')
  const replay = `npm run journeys -- --seed ${seed} --stream ${stream}${skip} --path "${details.counterexamplePath}"`
  console.log(
    `FAIL journeys seed=${seed} stream=${stream} (fast-check seed ${streamSeed(stream)}), ` +
      `journey ${details.numRuns} of ${count}, shrunk ${details.numShrinks} times\n` +
      `  start: ${describeStart(last.start)}\n` +
      last.journey.map((command, i) => `  ${i + 1}. ${command}`).join('\n') +
      `\n  what went wrong after the last command:\n` +
      last.problems.map((problem) => `   - ${problem}`).join('\n') +
      `\n  screenshot: ${final}\n  replay: ${replay}`,
  )
  return {
    stream,
    runs: details.numRuns,
    failure: { ...last, screenshot: final, replay, shrinks: details.numShrinks },
  }
}

async function main() {
  const dist = args.dist ?? 'dist-e2e'
  ensureE2eBuild(Boolean(args.prebuilt || args.dist))
  if (!args.path) rmSync(REPORT_DIR, { recursive: true, force: true })
  mkdirSync(REPORT_DIR, { recursive: true })
  const started = performance.now()
  const mock = await startMock({ port: 0, startTimeoutMs: 120_000 })
  const served = await serveBuild(dist, { apiTarget: mock.url })
  const executablePath = systemChromium()
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: [`--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  })
  const base = `http://${HOST}:${served.port}`
  const streams = args.path ? [Number(args.stream)] : [...Array(Number(args.concurrency)).keys()]
  const share = (i: number) =>
    Math.floor(runs / streams.length) + (i < runs % streams.length ? 1 : 0)
  const results = await Promise.all(
    streams.map((stream, i) => runStream(browser, base, mock.url, stream, share(i))),
  )
  const seconds = (performance.now() - started) / 1000
  await browser.close()
  served.server.close()
  await mock.stop()
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
  const failures = results.filter((r) => r.failure)
  const file = join(
    REPORT_DIR,
    `report-seed-${seed}${args.path ? `-stream-${args.stream}` : ''}.json`,
  )
  writeFileSync(
    file,
    `${JSON.stringify({ seed, runs, dist, seconds: Number(seconds.toFixed(1)), loadAverage: load, streams: results }, null, 2)}\n`,
  )
  const journeys = results.reduce((sum, r) => sum + r.runs, 0)
  console.log(
    `journeys: seed ${seed}, ${journeys} journeys, ${failures.length} failed, ${seconds.toFixed(1)} s ` +
      `(load average ${load}); report ${file}`,
  )
  process.exit(failures.length ? 1 : 0)
}

await main()
