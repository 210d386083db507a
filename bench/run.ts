// `npm run bench`: builds the site and the floor app (bench/floor) in one run, serves both the
// way production serves them (config/production-serving.ts: precompressed, cached, with the
// security headers), runs Lighthouse's mobile preset on the floor and on the site's first
// pages (a logged-in one included) and prints one table with each page's first-load JS as a
// ratio of the floor's. See bench/README.md. Not part of `npm test`: it takes minutes. A
// command-line report, like bench/ab.ts: its output is console.log, on purpose.
//
//   npm run bench                      build, then 3 Lighthouse runs a page (median run)
//   npm run bench -- --runs 1          quicker, noisier
//   npm run bench -- --skip-build      reuse dist/ and bench/floor/dist
//   npm run bench -- --only experiment the floor, the reference and the pages whose name has this
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import type { Result as LighthouseResult } from 'lighthouse'
import { HANDED_OVER_MARK } from '../src/features/layout/html-shell'
import { IDLE_WORK_MARK } from '../src/lib/idle'
import { APPS, ensureMock, gzipBytes, http2Front, serve, sessionCookie, urlOf } from './serve'
import { allPages, goalReport, type Page, type Row } from './goals'
import { lighthouseRun } from './lighthouse-run'

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'skip-build': { type: 'boolean', default: false },
    // Only the pages whose name contains this (the floor is always measured: every goal is
    // relative to it; so is the reference, which judges the TBT and score goals). For a quick
    // look while working; the goals table then says "partial".
    only: { type: 'string' },
  },
})
const runs = Math.max(1, Number(args.runs))

const pages = args.only
  ? allPages.filter(
      (page, i) => i === 0 || page.reference || page.judge || page.name.includes(args.only!),
    )
  : allPages
function run(command: string, commandArgs: string[]) {
  const started = Date.now()
  const result = spawnSync(command, commandArgs, { stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`)
  console.log(`  ${commandArgs.join(' ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}

/** Gzipped size of a served file, as the build precompressed it. */
type NetworkItem = { url: string; resourceType?: string; rendererStartTime?: number }

type UserTiming = { name: string; startTime: number }

/** How much later than the page's requests its user-timing marks come out (see rowOf). */
const MARK_SKEW_MS = 25

function rowOf(
  page: Page,
  lhr: LighthouseResult,
  origin: string,
  all: LighthouseResult[],
): Omit<Row, 'ratio'> {
  const items = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] }).items ?? []
  // The scripts the page asked for before it was usable: its largest paint, as observed, and
  // the app's taking over from the HTML (a prerendered page paints before any script has
  // loaded, and is usable once the app has replaced it), whichever is later. Overlays and
  // fingerprinting, loaded at idle afterwards, are not part of the first load.
  const metrics = lhr.audits.metrics?.details as {
    items?: { observedLargestContentfulPaint?: number; observedFirstPaint?: number }[]
  }
  const marks = (lhr.audits['user-timings']?.details as { items?: UserTiming[] } | undefined)?.items
  const handedOver = marks?.find((mark) => mark.name === HANDED_OVER_MARK)?.startTime ?? 0
  // But never past the start of the work the app itself defers to idle (IDLE_WORK_MARK): on a
  // page whose largest paint comes late, the overlays' chunks were counted as its first load.
  // Less a few milliseconds: in Lighthouse's report a mark comes out later than requests the
  // page made after it (measured on /player/deposit: the service worker's registration, asked
  // for right after the mark, stamped 3 and 8 ms before it), while the first load's own
  // requests are long over when the idle work starts (after load, paint and an idle period).
  const idleWork =
    (marks?.find((mark) => mark.name === IDLE_WORK_MARK)?.startTime ?? Infinity) - MARK_SKEW_MS
  const usableAt = Math.max(
    metrics.items?.[0]?.observedLargestContentfulPaint ?? Infinity,
    handedOver,
  )
  const scripts = items
    .filter((item) => item.resourceType === 'Script' && item.url.startsWith(origin))
    .filter((item) => (item.rendererStartTime ?? 0) <= usableAt)
    .filter((item) => (item.rendererStartTime ?? 0) < idleWork)
    .map((item) => new URL(item.url).pathname)
  const bytes = scripts.reduce((sum, path) => sum + gzipBytes(APPS[page.app].dist, path), 0)
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  const spread = (id: string): [number, number] => {
    const values = all.map((run) => run.audits[id]?.numericValue ?? NaN)
    return [Math.min(...values), Math.max(...values)]
  }
  return {
    page: page.name,
    jsGzipKb: bytes / 1024,
    scripts: scripts.length,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    observedPaintMs: metrics.items?.[0]?.observedFirstPaint ?? NaN,
    lcpSpreadMs: spread('largest-contentful-paint'),
    tbtSpreadMs: spread('total-blocking-time'),
    scriptFiles: scripts,
  }
}

/**
 * The last column is when the run shown first painted, as observed (at full speed, before
 * Lighthouse simulates the slow phone). Lighthouse estimates FCP, and so the window TBT counts
 * in, from the work it saw before that paint. Chromium's paint holding once put it seconds after
 * the load event (decision 009; now off, bench/serve.ts): a first paint far after the load
 * event here means something holds it again, and FCP and TBT are read against it.
 */
function table(rows: Row[]): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  // The runs' spread beside the median, where there was more than one run.
  const range = ([low, high]: [number, number], format: (ms: number) => string) =>
    runs > 1 ? ` (${format(low)} to ${format(high)})` : ''
  const lines = [
    '| page | first-load JS (gzip) | × floor | performance | FCP | LCP | TBT | CLS | first paint, observed |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.jsGzipKb.toFixed(1)} KB, ${r.scripts} script${r.scripts === 1 ? '' : 's'} ` +
        `| ${r.ratio.toFixed(2)} | ${r.score} | ${s(r.fcpMs)} | ${s(r.lcpMs)}${range(r.lcpSpreadMs, s)} ` +
        `| ${Math.round(r.tbtMs)} ms${range(r.tbtSpreadMs, (ms) => String(Math.round(ms)))} ` +
        `| ${r.cls.toFixed(3)} | ${Math.round(r.observedPaintMs)} ms |`,
    ),
  ]
  return lines.join('\n')
}

async function main() {
  if (!args['skip-build']) {
    console.log('building')
    run('npm', ['run', 'build', '--silent'])
    run('npx', ['vite', 'build', '--config', APPS.floor.config, '--logLevel', 'warn'])
    const experiment = ['--config', APPS.experiment.config, '--mode', APPS.experiment.mode]
    run('npx', ['vite', 'build', ...experiment, '--logLevel', 'warn'])
  }
  // With --skip-build on a fresh clone, a missing build would otherwise show up as
  // Lighthouse's "interstitial" error on the first page, which names nothing. Each build is
  // looked for by the HTML of its first page measured (the experiment's has no index.html).
  const unbuilt = Object.keys(APPS)
    .map((app) => allPages.find((page) => page.app === app)!)
    .map(({ app, path }) => join(APPS[app].dist, path === '/' ? 'index.html' : `${path}.html`))
    .filter((html) => !existsSync(html))
  if (unbuilt.length) {
    throw new Error(`not built: ${unbuilt.join(', ')} (run the bench once without --skip-build)`)
  }
  const stopMock = await ensureMock()
  const servers = {
    site: await serve('site'),
    floor: await serve('floor'),
    experiment: await serve('experiment'),
  }
  // Each app over HTTP/2, as production serves it (http2Front in bench/serve.ts).
  const fronts = {
    site: await http2Front(urlOf(servers.site)),
    floor: await http2Front(urlOf(servers.floor)),
    experiment: await http2Front(urlOf(servers.experiment)),
  }
  try {
    const origins = {
      site: fronts.site.url,
      floor: fronts.floor.url,
      experiment: fronts.experiment.url,
    }
    // The session cookie is the host's, whatever the port: logged in over the plain server.
    const cookie = await sessionCookie(urlOf(servers.site))
    const rows: Omit<Row, 'ratio'>[] = []
    const lhrs: Record<string, LighthouseResult> = {}
    // Round by round, every page once a round: a slow stretch of the shared machine falls on
    // every page's runs alike. Page by page, it fell on whichever page was measured during it:
    // a game page, measured last, read Lighthouse's benchmark index at 1112-1134 in two runs,
    // the pages before it 1492-2322.
    const results = new Map<Page, LighthouseResult[]>(pages.map((page) => [page, []]))
    for (let i = 0; i < runs; i++) {
      for (const page of pages) {
        process.stdout.write(`lighthouse round ${i + 1}/${runs}: ${page.name}\r`)
        const cookieIf = page.loggedIn ? cookie : undefined
        const url = origins[page.app] + page.path
        results.get(page)!.push(await lighthouseRun(url, { cookie: cookieIf, repeat: page.repeat }))
      }
    }
    for (const page of pages) {
      const runsOfPage = results.get(page)!
      const lhr = runs > 1 ? computeMedianRun(runsOfPage) : runsOfPage[0]!
      // A logged-in page that lands elsewhere (the guard sent it to /login) measures nothing.
      if (new URL(lhr.finalDisplayedUrl).pathname !== page.path) {
        throw new Error(`${page.name}: ended on ${lhr.finalDisplayedUrl}`)
      }
      lhrs[page.name] = lhr
      rows.push(rowOf(page, lhr, origins[page.app], runsOfPage))
    }
    const floorKb = rows[0]!.jsGzipKb
    const withRatio: Row[] = rows.map((row) => ({ ...row, ratio: row.jsGzipKb / floorKb }))
    const lighthouseVersion = Object.values(lhrs)[0]?.lighthouseVersion
    const browser = Object.values(lhrs)[0]?.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0]
    // Lighthouse times the real main thread and multiplies by 4: a busy machine (other
    // builds on the same cores) inflates TBT and lowers scores. Its benchmark index (higher
    // is faster) and the load average say how much to trust the timings; JS sizes are exact.
    const benchmarkIndex = Object.values(lhrs).map((lhr) =>
      Math.round(lhr.environment.benchmarkIndex),
    )
    console.log(
      `\nLighthouse ${lighthouseVersion}, mobile preset, ${browser}, median of ${runs} run${runs === 1 ? '' : 's'}; ` +
        `benchmark index ${benchmarkIndex.join('/')}, load average ${loadavg()[0]!.toFixed(1)}\n`,
    )
    console.log(table(withRatio))
    const partial = pages.length < allPages.length ? `--only ${args.only}` : undefined
    console.log(`\n${goalReport(pages, withRatio, partial)}`)
    mkdirSync('reports/bench', { recursive: true })
    writeFileSync('reports/bench/latest.json', JSON.stringify({ runs, rows: withRatio }, null, 2))
    for (const [name, lhr] of Object.entries(lhrs)) {
      const file = name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'
      writeFileSync(`reports/bench/${file}.lhr.json`, JSON.stringify(lhr))
    }
    console.log('\nscripts per page and full Lighthouse reports: reports/bench/')
  } finally {
    await Promise.all(Object.values(fronts).map((front) => front.close()))
    await Promise.all(Object.values(servers).map((server) => server.close()))
    stopMock()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
