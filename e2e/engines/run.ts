// `npm run engines`: the key journeys (./journeys.ts) in WebKit (WebKitGTK) and Firefox, beside
// Debian's Chromium as the reference, at phone and desktop width, on the e2e build (dist-e2e)
// and the real mock. Fails on any problem `settled` finds, a journey that cannot go on, or a
// formatted text (money, dates) that differs from Chromium's. Decision 019.
//   npm run engines                         builds dist-e2e first
//   npm run engines -- --prebuilt           serves dist-e2e as it is (npm test)
//   npm run engines -- --engine webkit      one engine (and the reference)
// A command-line report: its output is console.log, on purpose.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { EXAMPLE_NOW } from '../../mock/dates'
import { startMock } from '../../mock/layer'
import { ensureE2eBuild, serveBuild } from '../serve-build'
import {
  exitUnlessInstalled,
  openTab,
  type EngineName,
  type Tab,
  WebKitServer,
  WEBKIT_MIN_WIDTH,
} from './drivers'
import { formattedTexts, JOURNEYS, type Journey, settled, within } from './journeys'

const { values: args } = parseArgs({
  options: {
    prebuilt: { type: 'boolean', default: false },
    engine: { type: 'string', multiple: true, default: ['firefox', 'webkit'] },
  },
})
const REPORT_DIR = 'reports/engines'
/** The first WebKit run's X display and WebDriver port; each width takes the next ones. */
const WEBKIT_DISPLAY = Number(process.env.ENGINES_DISPLAY ?? 97)
const WEBKIT_PORT = 4466
const WIDTHS = [375, 1280]

type Result = { engine: EngineName; width: number; problems: string[]; texts?: string }

async function runEngine(
  engine: EngineName,
  width: number,
  base: string,
  stillBase: string,
  webkit?: WebKitServer,
): Promise<Result> {
  const tab = await openTab(engine, width, width < 600 ? 812 : 800, webkit).catch(
    (error: Error) => error,
  )
  if (tab instanceof Error) {
    // The run's one line, as a run that opened its tab prints below (a command-line tool).
    console.log(`${engine} ${width}px: no tab (${tab.message})`)
    return { engine, width, problems: [`no tab: ${tab.message}`] }
  }
  const label = `${engine} ${tab.width}px`
  const problems: string[] = []
  const started = performance.now()
  let texts: string | undefined
  // Chromium is the reference for the formatted texts only: the Playwright suite walks these
  // journeys in it already, so it logs in and reads them.
  const journeys = JOURNEYS.filter(
    (journey) => (engine !== 'chromium' || journey.logsIn) && !(journey.wideOnly && width < 1000),
  )
  const flaky: string[] = []
  for (const journey of journeys) {
    let found = await walk(journey, tab, base)
    // As Playwright does on CI (playwright.config.ts): a journey with a problem runs once more;
    // one that then passes is named as flaky in the output, not failed.
    // A retry of a journey that starts logged out starts so, whatever the first try did; when
    // the retry fails too, what the first try found is reported beside it.
    if (found.length && process.env.CI) {
      if (journey.loggedOut) await tab.clearCookies()
      const again = await walk(journey, tab, base)
      if (!again.length) flaky.push(`${journey.name}: ${found.join(' | ')}`)
      found = again.length ? [...again, ...found.map((problem) => `(first try) ${problem}`)] : []
    }
    problems.push(...found)
    if (journey.logsIn) {
      texts = await formattedTexts(tab, stillBase).catch((error: Error) => {
        problems.push(`the deposit history: ${error.message.split('\n')[0]}`)
        return undefined
      })
    }
  }
  await within(10_000, 'closing the browser', tab.close()).catch(() => undefined)
  console.log(
    `${label}: ${problems.length ? `${problems.length} problem(s)` : 'clean'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  for (const problem of problems) console.log(`  - ${problem}`)
  for (const once of flaky) console.log(`  - flaky (passed on its retry): ${once}`)
  return { engine, width, problems, texts }
}

/** Walks one journey in `tab`: what `settled` found after each step, or where it stopped. */
async function walk(journey: Journey, tab: Tab, base: string): Promise<string[]> {
  const problems: string[] = []
  let current = 'start'
  try {
    await within(
      120_000,
      `${journey.name}, after "${current}"`,
      journey.run(tab, base, async (step) => {
        current = step
        problems.push(...(await settled(tab, `${journey.name} / ${step}`)))
      }),
    )
  } catch (error) {
    const shot = join(
      REPORT_DIR,
      `${tab.engine}-${tab.width}-${journey.name.replace(/\W+/g, '-')}.png`,
    )
    const png = await within(10_000, 'a screenshot', tab.png()).catch((e: Error) => e)
    if (png instanceof Error) problems.push(`${journey.name}: no screenshot (${png.message})`)
    else writeFileSync(shot, png)
    problems.push(
      `${journey.name}, after "${current}": ${(error as Error).message.split('\n')[0]} (${shot})`,
    )
  }
  return problems
}

async function main() {
  const engines = [...new Set(args.engine)] as EngineName[]
  const unknown = engines.filter((engine) => engine !== 'firefox' && engine !== 'webkit')
  if (unknown.length) {
    console.error(`engines: --engine is firefox or webkit (Chromium always runs), not ${unknown}`)
    process.exit(2)
  }
  exitUnlessInstalled('engines', engines)
  ensureE2eBuild(args.prebuilt)
  rmSync(REPORT_DIR, { recursive: true, force: true })
  mkdirSync(REPORT_DIR, { recursive: true })
  const started = performance.now()
  const mock = await startMock({ port: 0, startTimeoutMs: 60_000 })
  const served = await serveBuild('dist-e2e', { apiTarget: mock.url })
  // The deposit history read in every engine, from a mock whose clock stands at the examples'
  // "now": the dates are the same whenever each engine reads them.
  const stillMock = await startMock({ port: 0, startTimeoutMs: 60_000, now: () => EXAMPLE_NOW })
  const still = await serveBuild('dist-e2e', { apiTarget: stillMock.url })
  const results: Result[] = []
  try {
    for (const [index, width] of WIDTHS.entries()) {
      // A WebKit server (Xvfb and WebKitWebDriver) of its own for each width, stopped after it:
      // WebKitWebDriver serves one session at a time, so a session a run could not end (its
      // close timed out) would hold the next width's new session.
      const webkit = engines.includes('webkit')
        ? await WebKitServer.start(WEBKIT_DISPLAY + index, WEBKIT_PORT + index)
        : undefined
      try {
        // The engines side by side (each its own browser and session): most of a journey's
        // time is waiting on the page, so two at once share the machine's two cores.
        const runs = await Promise.all(
          (['chromium', ...engines] as EngineName[]).map((engine) =>
            runEngine(engine, width, served.base, still.base, webkit),
          ),
        )
        results.push(...runs)
      } finally {
        webkit?.stop()
      }
    }
  } finally {
    served.server.close()
    still.server.close()
    await Promise.all([mock.stop(), stillMock.stop()])
  }
  for (const result of results) {
    if (result.engine === 'chromium') continue
    const reference = results.find((r) => r.engine === 'chromium' && r.width === result.width)
    if (
      result.texts !== undefined &&
      reference?.texts !== undefined &&
      result.texts !== reference.texts
    ) {
      result.problems.push(
        `the deposit history reads differently from Chromium's:\n    ${result.texts}\n    Chromium: ${reference.texts}`,
      )
    }
  }
  const failed = results.filter((r) => r.problems.length)
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
  writeFileSync(
    join(REPORT_DIR, 'report.json'),
    `${JSON.stringify({ seconds: (performance.now() - started) / 1000, loadAverage: load, results }, null, 2)}\n`,
  )
  for (const result of failed) {
    console.log(
      `\n${result.engine} at ${result.engine === 'webkit' ? Math.max(result.width, WEBKIT_MIN_WIDTH) : result.width} px:`,
    )
    for (const problem of result.problems) console.log(`  - ${problem}`)
  }
  console.log(
    `\nengines: ${results.length} runs (${engines.join(', ')} and the Chromium reference), ${failed.length} with problems, ${((performance.now() - started) / 1000).toFixed(1)} s, load average ${load}`,
  )
  process.exit(failed.length ? 1 : 0)
}

await main()
