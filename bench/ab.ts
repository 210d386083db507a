// `npm run bench:ab -- <build-a> <build-b> [--path /login ...] [--rounds 8]`: whether a change
// moved a page's timings. Two builds of the site (folders `vite build --outDir` made), each
// served as the bench serves the site (preview server, HTTP/2 front, the same mock), loaded by
// Lighthouse in turn, A then B, then B then A, so that what the shared machine does moves both
// sides alike. A single full bench run moves more between sittings than most changes do; the
// ratio of alternated loads is the measure bench/README.md gives.
//
// Prints each load (TBT, FCP, LCP, Lighthouse's interactive estimate, CLS, the
// load average before it) and, per page, the medians of each side, the median of B / A and in
// how many of the pairs B was lower. Paths under /player/ load logged in. With `--block-b
// PATTERN` (repeatable) side B's loads fail the URLs matching it, so one build against itself
// says what loading those files costs the page, with no build made without them:
//   npm run bench:ab -- dist dist --block-b '*/sw.js' --path /player/deposit --rounds 6
// A command-line report, like bench/run.ts: its output is console.log, on purpose.
import { existsSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { PreviewServer } from 'vite'
import type { Result as LighthouseResult } from 'lighthouse'
import { describeLoads, type Load } from './ab-summary'
import { lighthouseRun } from './lighthouse-run'
import {
  ensureMock,
  http2Front,
  loadsLoggedIn,
  serve,
  sessionCookie,
  urlOf,
  type Front,
} from './serve'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    path: { type: 'string', multiple: true, default: ['/login'] },
    rounds: { type: 'string', default: '8' },
    'block-b': { type: 'string', multiple: true, default: [] },
  },
})

const USAGE =
  'npm run bench:ab -- <build-a> <build-b> [--path /login ...] [--rounds 8] [--block-b PATTERN ...]'

type Side = { name: 'A' | 'B'; dir: string; server?: PreviewServer; front?: Front }

const audit = (lhr: LighthouseResult, id: string) => lhr.audits[id]?.numericValue ?? NaN

async function main() {
  if (positionals.length !== 2) throw new Error(`two builds to compare: ${USAGE}`)
  const sides: Side[] = positionals.map((dir, index) => ({
    name: index === 0 ? 'A' : 'B',
    dir: resolve(dir),
  }))
  for (const { dir } of sides) {
    if (!existsSync(join(dir, 'index.html'))) {
      throw new Error(`${dir} is not a build of the site (no index.html): ${USAGE}`)
    }
  }
  const rounds = Math.max(1, Number(args.rounds))
  const stopMock = await ensureMock()
  try {
    for (const side of sides) {
      side.server = await serve('site', side.dir)
      side.front = await http2Front(urlOf(side.server))
      // Served from its own folder, not dist/: its index.html is the folder's.
      const served = await (await fetch(`${urlOf(side.server)}/index.html`)).text()
      if (served !== readFileSync(join(side.dir, 'index.html'), 'utf8')) {
        throw new Error(`${side.dir}: the preview server served another index.html`)
      }
    }
    // The session cookie is the host's, whatever the port: logged in over the plain server.
    const cookie = await sessionCookie(urlOf(sides[0]!.server!))
    for (const path of args.path) {
      const loads: Load[] = []
      const blocked = args['block-b'].length ? ` failing ${args['block-b'].join(', ')}` : ''
      console.log(`\n${path}: A ${sides[0]!.dir}, B ${sides[1]!.dir}${blocked}, ${rounds} rounds`)
      for (let round = 1; round <= rounds; round++) {
        // A B, B A, A B...: neither side always goes first after a pause or a busy spell.
        const order = round % 2 ? sides : [...sides].reverse()
        for (const side of order) {
          const load = loadavg()[0]!
          const lhr = await lighthouseRun(side.front!.url + path, {
            cookie: loadsLoggedIn(path) ? cookie : undefined,
            blockedUrlPatterns: side.name === 'B' ? args['block-b'] : undefined,
          })
          if (new URL(lhr.finalDisplayedUrl).pathname !== path) {
            throw new Error(`${path} (${side.name}): ended on ${lhr.finalDisplayedUrl}`)
          }
          const entry: Load = {
            side: side.name,
            round,
            load,
            tbtMs: audit(lhr, 'total-blocking-time'),
            fcpMs: audit(lhr, 'first-contentful-paint'),
            lcpMs: audit(lhr, 'largest-contentful-paint'),
            interactiveMs: audit(lhr, 'interactive'),
            cls: audit(lhr, 'cumulative-layout-shift'),
          }
          loads.push(entry)
          console.log(
            `  ${round} ${side.name} load ${load.toFixed(2)}: TBT ${entry.tbtMs.toFixed(0)} ms, ` +
              `FCP ${entry.fcpMs.toFixed(0)}, LCP ${entry.lcpMs.toFixed(0)}, ` +
              `interactive ${entry.interactiveMs.toFixed(0)}, ` +
              `CLS ${entry.cls.toFixed(3)}`,
          )
        }
      }
      console.log(`\n${describeLoads(loads)}`)
    }
  } finally {
    for (const side of sides) {
      await side.front?.close()
      await side.server?.close()
    }
    stopMock()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error)
  process.exit(1)
})
