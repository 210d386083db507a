// `npm run fuzz -- --seed N --loads 300`: the e2e build in real Chromium, on every route of
// the site (visitor and player, 375 and 1280 px, each language), while every API call is
// answered with a body drawn from the contract's schemas, pushed to its bounds or broken on
// purpose by a named case. After each load and after one press of the page's main action
// the oracle (oracle.ts) must hold. A seed reproduces the run; `--load I` replays one load.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Browser, type Page, type Route } from '@playwright/test'
import { API_PREFIX, ensureE2eBuild, serveBuild } from '../e2e/serve-build'
import { openRequests, quiet, sleep } from '../e2e/settle'
import { siteRoutes } from '../e2e/site-routes'
import { systemChromium } from '../scripts/chromium.mjs'
import { caseNamed, HIT_SHARE, pickCase, SESSION_PROBE, WRONG_SHAPE, type Case } from './cases'
import { findOperation, loadContract, type Operation, type Schema } from './contract'
import { generate, MUTATIONS, pick, rng, seedOf } from './generate'
import { errorStateWithRetry, FORBIDDEN_TEXT, spinnerVisible, visibleProblems } from './oracle'
import { HTML_502 } from '../e2e/gateway-page'

const USAGE = `npm run fuzz -- [--seed N] [--loads N] [--load I] [--case NAME] [--route PATH]
  --seed N         the run's seed (default 1): the same seed makes the same run
  --loads N        how many page loads (default 300)
  --load I         replay only load I of the seed's run (what a failure prints)
  --case NAME      only loads of this case; --route PATH only this route
  --concurrency N  pages at once (default 2, one per core)
  --prebuilt       serve dist-e2e as it is (npm test builds it before)
  --screenshots    also save each load's page as drawn (to look at a fix), not only failures'`

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    loads: { type: 'string', default: '300' },
    load: { type: 'string' },
    case: { type: 'string' },
    route: { type: 'string' },
    concurrency: { type: 'string', default: '2' },
    prebuilt: { type: 'boolean', default: !!process.env.E2E_PREBUILT },
    screenshots: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})
if (args.help) {
  console.log(USAGE)
  process.exit(0)
}
const seed = Number(args.seed)
const loads = Number(args.loads)
if (!Number.isInteger(seed) || !Number.isInteger(loads) || loads < 1) {
  console.error(`fuzz: --seed and --loads take whole numbers\n${USAGE}`)
  process.exit(2)
}
if (args.case && !caseNamed(args.case)) {
  console.error(`fuzz: no case named ${args.case}`)
  process.exit(2)
}

const DIST = 'dist-e2e'
const REPORT_DIR = 'reports/fuzz'
/** The oracle's patience: a spinner still turning this long after a load or press is a failure. */
const SPINNER_LIMIT_MS = 10_000
const TIMEOUT_CASE_MS = 15_000

const contract = loadContract()

/** A route's `$param` filled from the contract's schema of the path parameter of that name. */
function fillParams(route: string, random: () => number): string {
  return route.replace(/\$(\w+)/g, (_, name: string) => {
    const schema = contract.operations.find((op) => op.pathParams.has(name))?.pathParams.get(name)
    return encodeURIComponent(
      String(generate(schema ?? { type: 'string' }, 'random', random() * 2 ** 32)),
    )
  })
}

const LOCALES = ['lo', 'cn', 'vn', 'th']
const WIDTHS = [375, 1280]
const ROLES = ['visitor', 'player'] as const
const targets = siteRoutes().flatMap((route) => ROLES.map((role) => ({ route, role })))

type Plan = {
  load: number
  route: string
  url: string
  role: (typeof ROLES)[number]
  width: number
  locale: string
  case: Case
}

/** Everything about load `i` follows from (seed, i) alone, so `--load i` replays it. */
function plan(load: number): Plan {
  const random = rng(seedOf(seed, load))
  const target = pick(random, targets)
  return {
    load,
    route: target.route,
    url: fillParams(target.route, random),
    role: target.role,
    width: pick(random, WIDTHS),
    locale: pick(random, LOCALES),
    case: pickCase(random),
  }
}

type Call = { op: string; n: number; answer: string }
type Failure = Plan & {
  phase: 'load' | 'action'
  problems: string[]
  calls: Call[]
  /** The page's console errors so far (a hint for the reader, not part of the oracle). */
  console: string[]
  screenshot: string
  replay: string
}

const errorBody = (op: Operation, status: number, callSeed: number, withRequestId = true) => {
  const schema = op.responses.get(status) ?? op.responses.get(500)
  const body = (
    schema ? generate(schema, 'random', callSeed) : { code: 'INTERNAL', message: '' }
  ) as Schema
  if (!withRequestId) delete body.requestId
  return body
}

const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
})

/** One load's API: each call answered from the contract, the case applied to the picked ops. */
function apiFor(p: Plan, loadSeed: number, signal: AbortSignal) {
  const calls: Call[] = []
  const counts = new Map<string, number>()
  let pending = 0
  const hit = (op: Operation, n: number) => {
    if (p.case.kind === 'valid') return false
    // A 401 "mid-page" leaves the first session check alone: the page is drawn, then refused.
    // Only a call that needs the session can say it ended (the contract documents its 401).
    const first = op.id === SESSION_PROBE && n === 0
    if (p.case.name === '401-mid-page' && (!op.responses.has(401) || first)) return false
    return seedOf(loadSeed, op.id, 'hit') / 2 ** 32 < HIT_SHARE
  }

  async function answer(route: Route) {
    const request = route.request()
    const apiPath = new URL(request.url()).pathname.slice(API_PREFIX.length)
    const op = findOperation(contract, request.method(), apiPath)
    if (!op) {
      calls.push({
        op: `${request.method()} ${apiPath}`,
        n: 0,
        answer: '404 (not in the contract)',
      })
      return route.fulfill(json(404, { code: 'NOT_FOUND', message: 'not in the contract' }))
    }
    const n = counts.get(op.id) ?? 0
    counts.set(op.id, n + 1)
    const callSeed = seedOf(loadSeed, op.id, n)
    const record = (text: string) => calls.push({ op: op.id, n, answer: text })
    const valid = () => {
      const variant = p.case.kind === 'valid' ? p.case.variant : 'random'
      return op.success.schema ? generate(op.success.schema, variant, callSeed) : undefined
    }

    if (p.role === 'visitor' && !op.public) {
      record('401 (visitor)')
      return route.fulfill(json(401, errorBody(op, 401, callSeed)))
    }
    if (!hit(op, n)) {
      record(`${op.success.status} valid`)
      const body = valid()
      return route.fulfill(
        body === undefined ? { status: op.success.status } : json(op.success.status, body),
      )
    }
    const c = p.case
    switch (c.kind) {
      case 'mutation': {
        const body = valid()
        const what = op.success.schema
          ? MUTATIONS[c.name](op.success.schema, body, rng(callSeed))
          : undefined
        record(`${op.success.status} ${c.name}: ${what ?? 'nothing to break, sent valid'}`)
        return route.fulfill(json(op.success.status, body))
      }
      case 'body':
        record(`${op.success.status} ${c.name}`)
        return route.fulfill(
          c.name === 'null-body'
            ? { status: op.success.status, contentType: 'application/json', body: 'null' }
            : { status: op.success.status, contentType: 'application/json', body: '' },
        )
      case 'transport':
        record(c.name)
        switch (c.name) {
          case '500-request-id':
            return route.fulfill(json(500, errorBody(op, 500, callSeed)))
          case '500-bare':
            return route.fulfill(json(500, errorBody(op, 500, callSeed, false)))
          case 'html-502':
            return route.fulfill(HTML_502)
          case 'offline':
            return route.abort('internetdisconnected')
          case '401-mid-page':
            return route.fulfill(json(401, errorBody(op, 401, callSeed)))
          case 'timeout-15s': {
            await new Promise((resolve) => {
              const timer = setTimeout(resolve, TIMEOUT_CASE_MS)
              signal.addEventListener('abort', () => (clearTimeout(timer), resolve(undefined)))
            })
            if (signal.aborted) return undefined
            const body = valid()
            return route.fulfill(
              body === undefined ? { status: op.success.status } : json(op.success.status, body),
            )
          }
        }
    }
    return undefined
  }

  /** The fuzzer's own faults (a body it could not draw): reported, never hidden. */
  const faults: string[] = []
  return {
    calls,
    faults,
    get pending() {
      return pending
    },
    async handle(route: Route) {
      pending++
      try {
        await answer(route)
      } catch (error) {
        // Once the load is over the page is gone and nothing needs an answer any more.
        if (!signal.aborted) {
          faults.push(`fuzzer fault on ${route.request().url()}: ${(error as Error).message}`)
          await route.abort().catch(() => undefined)
        }
      } finally {
        pending--
      }
    },
  }
}

/**
 * The oracle after a load or a press (`since` is when that began): the page must reach a
 * good state within SPINNER_LIMIT_MS. A passing moment (the router's pending delay, a retry's
 * back-off, a spinner) is no failure; what still holds at the limit is.
 */
async function check(
  page: Page,
  url: string,
  since: number,
  errors: string[],
  wrongShape: boolean,
) {
  const now = async () => {
    const problems = await page.evaluate(visibleProblems, FORBIDDEN_TEXT)
    if (await page.evaluate(spinnerVisible)) {
      problems.push(`a spinner still turns ${SPINNER_LIMIT_MS / 1000} s later`)
    }
    // A guard that sent the player elsewhere (a failed session check opens /login) drew
    // nothing of the answer either.
    const stayed = new URL(page.url()).pathname === new URL(url, page.url()).pathname
    if (wrongShape && stayed && !(await page.evaluate(errorStateWithRetry))) {
      problems.push('a wrong-shaped answer was drawn: no error state with retry on the page')
    }
    return problems
  }
  let problems = await now()
  while (problems.length && Date.now() - since < SPINNER_LIMIT_MS) {
    await sleep(250)
    problems = await now()
  }
  return [...errors.splice(0), ...problems]
}

/** The page's main action: its form's submit button, else the first button of the main area. */
async function pressMainAction(page: Page) {
  const main = page.locator('main').first()
  const submit = main.locator('form button[type="submit"]:visible')
  const target = (await submit.count())
    ? submit.first()
    : main.locator('button:visible:not([disabled])').first()
  if (!(await target.count())) return false
  await target.click({ timeout: 2_000 }).catch(() => undefined)
  return true
}

function replayCommand(p: Plan) {
  return `npm run fuzz -- --seed ${seed} --load ${p.load}`
}

async function runLoad(browser: Browser, base: string, p: Plan): Promise<Failure[]> {
  const loadSeed = seedOf(seed, p.load, 'api')
  const abort = new AbortController()
  const context = await browser.newContext({
    viewport: { width: p.width, height: 800 },
    baseURL: base,
  })
  // tsx names functions with a `__name` helper; functions evaluated in the page need it too.
  await context.addInitScript('globalThis.__name = (fn) => fn')
  await context.addInitScript(
    ([key, value]: [string, string]) => localStorage.setItem(key, value),
    ['i18nextLng', p.locale] as [string, string],
  )
  const api = apiFor(p, loadSeed, abort.signal)
  // Images and anything else off the site's origin (random URLs in bodies) fail at once.
  await context.route(
    (url) => url.origin !== base,
    (route) => route.abort(),
  )
  await context.route(`${base}${API_PREFIX}/**`, (route) => api.handle(route))
  const page = await context.newPage()
  // Quiet means no request at all, code chunks included: a lazy route's chunk precedes its calls.
  const network = openRequests(page, (url, method) => {
    if (process.env.FUZZ_DEBUG) console.log('request', method, url)
  })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message.split('\n')[0]}`))
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text().slice(0, 300))
  })
  const failures: Failure[] = []
  const wrongShapeGetAnswered = () =>
    WRONG_SHAPE.has(p.case.name) &&
    api.calls.some((call) => {
      const op = contract.operations.find((o) => o.id === call.op)
      return (
        op?.method === 'GET' &&
        op.id !== SESSION_PROBE &&
        call.answer.includes(p.case.name) &&
        !call.answer.includes('nothing to break')
      )
    })
  const record = async (phase: Failure['phase'], found: string[]) => {
    const problems = [...api.faults.splice(0), ...found]
    if (!problems.length) return
    const screenshot = join(REPORT_DIR, `seed-${seed}-load-${p.load}-${phase}.png`)
    await page.screenshot({ path: screenshot, fullPage: false }).catch(() => undefined)
    failures.push({
      ...p,
      phase,
      problems,
      calls: [...api.calls],
      console: [...consoleErrors],
      screenshot,
      replay: replayCommand(p),
    })
  }
  try {
    let since = Date.now()
    await page.goto(p.url, { waitUntil: 'load', timeout: 20_000 })
    await quiet(network, 5_000)
    await record('load', await check(page, p.url, since, errors, wrongShapeGetAnswered()))
    if (args.screenshots) {
      await page.screenshot({ path: join(REPORT_DIR, `seed-${seed}-load-${p.load}.png`) })
    }
    since = Date.now()
    const callsBefore = api.calls.length
    if (await pressMainAction(page)) {
      await quiet(network, 5_000)
      const sentNew = api.calls.length > callsBefore
      await record(
        'action',
        await check(page, p.url, since, errors, sentNew && wrongShapeGetAnswered()),
      )
    }
  } catch (error) {
    await record('load', [
      `the fuzzer could not drive the page: ${(error as Error).message.split('\n')[0]}`,
    ])
  } finally {
    abort.abort()
    await context.close()
  }
  return failures
}

async function main() {
  ensureE2eBuild(args.prebuilt)
  const all = Array.from({ length: loads }, (_, i) => plan(i))
  const selected = all.filter(
    (p) =>
      (args.load === undefined || p.load === Number(args.load)) &&
      (!args.case || p.case.name === args.case) &&
      (!args.route || p.route === args.route),
  )
  if (args.load === undefined) rmSync(REPORT_DIR, { recursive: true, force: true })
  mkdirSync(REPORT_DIR, { recursive: true })
  const { server, base } = await serveBuild(DIST, { port: Number(process.env.FUZZ_PORT ?? 0) })
  const executablePath = systemChromium()
  const browser = await chromium.launch(executablePath ? { executablePath } : {})
  const started = performance.now()
  const failures: Failure[] = []
  const queue = [...selected]
  const worker = async () => {
    for (let p = queue.shift(); p; p = queue.shift()) {
      const found = await runLoad(browser, base, p)
      for (const f of found) {
        console.log(
          `FAIL seed=${seed} load=${f.load} ${f.url} (${f.role}, ${f.width} px, ${f.locale}) case=${f.case.name} after ${f.phase}\n` +
            f.problems.map((problem) => `  - ${problem}`).join('\n') +
            `\n  calls: ${
              f.calls
                .filter((c) => !c.answer.endsWith(' valid'))
                .map((c) => `${c.op}#${c.n} ${c.answer}`)
                .join('; ') || 'all valid'
            }` +
            `\n  replay: ${f.replay}`,
        )
      }
      failures.push(...found)
    }
  }
  await Promise.all(Array.from({ length: Number(args.concurrency) }, worker))
  const seconds = (performance.now() - started) / 1000
  await browser.close()
  server.close()
  const report = {
    seed,
    loads: selected.length,
    seconds: Number(seconds.toFixed(1)),
    cases: Object.fromEntries(
      [...new Set(selected.map((p) => p.case.name))].map((name) => [
        name,
        selected.filter((p) => p.case.name === name).length,
      ]),
    ),
    failures: failures.sort((a, b) => a.load - b.load),
  }
  const file = join(
    REPORT_DIR,
    `report-seed-${seed}${args.load === undefined ? '' : `-load-${args.load}`}.json`,
  )
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`)
  const failedLoads = new Set(failures.map((f) => f.load)).size
  console.log(
    `fuzz: seed ${seed}, ${selected.length} loads, ${failedLoads} failed, ${seconds.toFixed(1)} s ` +
      `(${((seconds / Math.max(selected.length, 1)) * 1000).toFixed(0)} ms a load, load average ` +
      `${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}); report ${file}`,
  )
  process.exit(failedLoads ? 1 : 0)
}

await main()
