// `npm run bench:profile -- /login [/player/deposit ...]`: what each long task of a first load
// is. Loads the built site (dist/, served as production serves it) in Chromium with the CPU
// slowed 4x (the bench's phone), records a performance trace with its CPU samples, and prints
// every main-thread task over 50 ms until the page has been quiet for a while: when it started
// (ms after navigation), how long it took, and what filled it (our functions by source map,
// style, layout with the code that forced it, parsing, GC). Paths under /player/ load logged in.
// Reuses dist/ as it is: run `npm run build` first. See bench/README.md. A command-line
// report, like bench/run.ts: its output is console.log, on purpose.
import { readFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { SourceMapConsumer } from 'source-map-js'
import {
  rendererMainThread,
  tbtOfThreadTime,
  type Attribution,
  type TraceEvent as BaseTraceEvent,
} from './lantern-attribution'
import {
  APPS,
  chromePath,
  ensureMock,
  http2Front,
  loadsLoggedIn,
  serve,
  sessionCookie,
  urlOf,
} from './serve'
import { lighthouseRun } from './lighthouse-run'
import {
  splitTask,
  coreShare,
  startSchedSampler,
  sumSplits,
  type Sampled,
  type SchedSample,
  type WaitSplit,
} from './sched-split'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    cpu: { type: 'string', default: '4' },
    runs: { type: 'string', default: '1' },
    // How long to record after load (fingerprinting and the overlays run at idle).
    after: { type: 'string', default: '8000' },
    top: { type: 'string', default: '6' },
    // The task length that counts as long, in ms of the slowed-down CPU.
    long: { type: 'string', default: '50' },
    // Report a saved trace (one of reports/profile/, or a Lighthouse run's) instead of loading.
    trace: { type: 'string' },
    // Record with Lighthouse (the bench's settings, CPU samples added) instead of Playwright:
    // Lighthouse observes at full speed and multiplies by 4, so use with --long 12.
    lighthouse: { type: 'boolean', default: false },
    // Profile the experiment's pages (bench/floor built with --mode experiment, e.g. the
    // reference `/form-rac-painted`) instead of the site's, to read the same tasks beside it.
    experiment: { type: 'boolean', default: false },
    // With --lighthouse: record exactly as the bench does, without the CPU sampler (it costs
    // the page's first tasks some 30 ms, which Lantern counts); the report names no functions.
    bare: { type: 'boolean', default: false },
    // List the libraries' functions by inclusive time too, not only our src/ (to read what a
    // render or a commit spent inside React and react-aria).
    libraries: { type: 'boolean', default: false },
    // Linux: split each long task's waiting into waiting for a core and asleep, from the
    // scheduler's statistics of the renderer's main thread (bench/sched-split.ts).
    sched: { type: 'boolean', default: false },
    // With --lighthouse: more trace categories to record (comma-separated, e.g.
    // `mojom,ipc,blink.storage` to see a task's synchronous calls to the browser); the trace
    // is saved under reports/profile/ for the Performance panel.
    categories: { type: 'string' },
  },
})
const paths = positionals.length ? positionals : ['/login']
const LONG_TASK_MS = Number(args.long)
const app = args.experiment ? 'experiment' : 'site'

type TraceEvent = BaseTraceEvent & {
  cat: string
  args?: {
    name?: string
    data?: {
      url?: string
      functionName?: string
      type?: string
      startTime?: number
      isLoadingMainFrame?: boolean
      documentLoaderURL?: string
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }
      timeDeltas?: number[]
    }
    beginData?: { stackTrace?: CallFrame[] }
  }
  id?: string | number
}
type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number }
type ProfileNode = { id: number; parent?: number; callFrame: CallFrame }

const consumers = new Map<string, SourceMapConsumer | null>()
/** `file:line function` of a frame of ours, by the build's source map; else the raw frame. */
function original(frame: CallFrame): string {
  if (!frame.url) return frame.functionName || '(program)'
  const file = frame.url.split('/').pop() ?? ''
  const mapFile = join(APPS[app].dist, 'assets', `${file}.map`)
  if (!consumers.has(file)) {
    consumers.set(
      file,
      existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null,
    )
  }
  const consumer = consumers.get(file)
  if (!consumer) return `${file} ${frame.functionName}`
  const pos = consumer.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  })
  if (!pos.source) return `${file} ${frame.functionName}`
  const source = pos.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')
  return `${source}:${pos.line} ${pos.name ?? frame.functionName}`
}

/** The trace's CPU profile as (time, leaf node) samples plus the nodes by id. */
function cpuSamples(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>()
  const samples: { ts: number; node: number }[] = []
  const profiles = new Map<string, number>()
  for (const event of events) {
    if (event.pid !== pid || event.tid !== tid) continue
    if (event.name === 'Profile') profiles.set(String(event.id), event.args?.data?.startTime ?? 0)
  }
  const times = new Map(profiles)
  for (const event of events) {
    if (event.pid !== pid || event.name !== 'ProfileChunk') continue
    const key = String(event.id)
    if (!profiles.has(key)) continue
    const data = event.args?.data
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    let ts = times.get(key) ?? 0
    const ids: number[] = data?.cpuProfile?.samples ?? []
    const deltas: number[] = data?.timeDeltas ?? []
    ids.forEach((id, i) => {
      ts += deltas[i] ?? 0
      samples.push({ ts, node: id })
    })
    times.set(key, ts)
  }
  samples.sort((a, b) => a.ts - b.ts)
  return { nodes, samples }
}

async function profile(baseUrl: string, path: string, cookie: string | undefined) {
  const browser = await chromium.launch({
    executablePath: chromePath,
  })
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    })
    if (cookie) await context.setExtraHTTPHeaders({ Cookie: cookie })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.cpu) })
    const events: TraceEvent[] = []
    cdp.on('Tracing.dataCollected', (message) =>
      events.push(...(message.value as unknown as TraceEvent[])),
    )
    const done = new Promise<void>((resolve) =>
      cdp.once('Tracing.tracingComplete', () => resolve()),
    )
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: {
        includedCategories: [
          'toplevel',
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-devtools.timeline.stack',
          'v8.execute',
          'disabled-by-default-v8.cpu_profiler',
          'blink.user_timing',
          'loading',
          'v8',
          'fonts',
        ],
      },
    })
    await page.goto(baseUrl + path, { waitUntil: 'load' })
    await page.waitForTimeout(Number(args.after))
    const landed = new URL(page.url()).pathname
    await cdp.send('Tracing.end')
    await done
    return { events, landed, attribution: undefined }
  } finally {
    await browser.close()
  }
}

/** One Lighthouse run as the bench makes it (bench/lighthouse-run.ts), CPU samples added. */
async function lighthouseTrace(baseUrl: string, path: string, cookie: string | undefined) {
  const { lhr, traceEvents, attribution } = await lighthouseRun(baseUrl + path, {
    cookie,
    traceCategories:
      [args.bare ? '' : 'disabled-by-default-v8.cpu_profiler', args.categories ?? '']
        .filter(Boolean)
        .join(',') || undefined,
  })
  const tbt = lhr.audits['total-blocking-time']?.numericValue ?? NaN
  const ms = (values: number[]) => values.map((value) => value.toFixed(0)).join('/')
  console.log(
    `${path}: Lighthouse TBT ${tbt.toFixed(0)} ms (simulated); from its simulation, task by ` +
      `task: ${attribution.tbt.toFixed(0)} ms (first paint estimated at ${ms(attribution.fcp)} ms, ` +
      `interactive at ${ms(attribution.tti)}, optimistic/pessimistic)`,
  )
  if (Math.abs(attribution.tbt - tbt) > 1) {
    console.log(
      `  the tasks' sum is not Lighthouse's TBT: Lantern's rules have moved (bench/lantern-attribution.ts)`,
    )
  }
  return {
    events: traceEvents as TraceEvent[],
    landed: new URL(lhr.finalDisplayedUrl).pathname,
    attribution,
  }
}

function report(path: string, events: TraceEvent[], attribution?: Attribution, sched?: Sampled) {
  const top = Number(args.top)
  // The page's renderer main thread: the one that ran the navigation's document.
  const mainThread = rendererMainThread(events)
  const navStart = events.find(
    (event) =>
      (event.name === 'navigationStart' || event.name === 'fetchStart') &&
      event.args?.data?.isLoadingMainFrame &&
      event.args?.data?.documentLoaderURL?.startsWith('http'),
  )
  const threadEvents = events.filter(
    (event) => mainThread && event.pid === mainThread.pid && event.tid === mainThread.tid,
  )
  const pid = mainThread?.pid ?? 0
  const t0 = navStart?.ts ?? threadEvents[0]?.ts ?? 0
  const marks: Record<string, number> = {}
  for (const event of events) {
    const name = event.name
    if (['firstContentfulPaint', 'largestContentfulPaint::Candidate'].includes(name)) {
      marks[name === 'firstContentfulPaint' ? 'FCP' : 'LCP'] = (event.ts - t0) / 1000
    }
  }
  const tasks = threadEvents
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.dur)
    .filter((event) => event.dur! / 1000 >= LONG_TASK_MS && event.ts >= t0)
  const profile = cpuSamples(events, pid, mainThread?.tid ?? 0)
  // The renderer's main thread's scheduler samples: its thread id is its process id.
  const schedSamples: SchedSample[] | undefined = sched?.threads.get(pid)
  const splits = new Map<number, WaitSplit>()
  for (const task of schedSamples ? tasks : []) {
    const split = splitTask(schedSamples!, task.ts, task.ts + task.dur!)
    if (split) splits.set(task.ts, split)
  }
  const waits = (split: WaitSplit) =>
    `waited for a core ${split.runqueue.toFixed(0)}, asleep ${split.asleep.toFixed(0)}`
  const lines: string[] = [
    `${path}: FCP ${marks.FCP?.toFixed(0)} ms, last LCP candidate ${marks.LCP?.toFixed(0)} ms; ` +
      `${tasks.length} tasks >= ${LONG_TASK_MS} ms, blocking ${tasks
        .reduce((sum, task) => sum + task.dur! / 1000 - LONG_TASK_MS, 0)
        .toFixed(0)} ms in all; the main thread ran ${tasks
        .reduce((sum, task) => sum + (task.tdur ?? task.dur!) / 1000, 0)
        .toFixed(0)} ms of their ${tasks
        .reduce((sum, task) => sum + task.dur! / 1000, 0)
        .toFixed(0)} ms (the rest it waited or was descheduled)`,
  ]
  if (sched) {
    const total = sumSplits([...splits.values()])
    lines.push(
      splits.size
        ? `  by the scheduler, over ${splits.size} of the ${tasks.length}: ran ${total.ran.toFixed(0)} ms, ${waits(total)} ms`
        : `  no scheduler samples of the page's renderer (${sched.threads.size} renderers sampled; Linux only)`,
    )
    // Who had the cores while the page loaded: from navigation to its last long task or its
    // largest paint, whichever ends later.
    const lastTaskEnd = Math.max(t0, ...tasks.map((task) => task.ts + task.dur!))
    const endUs = Math.max(lastTaskEnd, t0 + (marks.LCP ?? 0) * 1000)
    if (sched.machine.length) {
      const share = coreShare(sched, pid, t0, endUs)
      const ms = (value: number) => value.toFixed(0)
      lines.push(
        `  the cores from navigation to ${ms((endUs - t0) / 1000)} ms (${ms(share.cores)} ms of core time): ` +
          `the page's renderer ${ms(share.page)}, other renderers ${ms(share.otherRenderers)}, ` +
          `the browser ${ms(share.browser)}, GPU ${ms(share.gpu)}, Chromium's other processes ${ms(share.chromium)}, ` +
          `the bench (its servers and Lighthouse) ${ms(share.bench - share.sampler)}, this sampler ${ms(share.sampler)}, the mock ${ms(share.mock)}, ` +
          `the rest of the machine ${ms(share.rest)}, idle ${ms(share.idle)}`,
      )
    }
  }
  if (attribution) {
    // Lantern (Lighthouse's simulation) re-times every task: 4x, a task that laid out 2x, each
    // after what it depends on, and counts from its first-paint estimate on (decision 009).
    const counted = tasks.reduce(
      (sum, task) => sum + (attribution.tasks.get(task.ts)?.counted ?? 0),
      0,
    )
    lines.push(
      `  as Lantern counted them: ${counted.toFixed(0)} of its ${attribution.tbt.toFixed(0)} ms (the rest: shorter tasks it made long)`,
    )
    lines.push(
      `  had each task lasted only as long as the main thread ran in it: about ${tbtOfThreadTime(attribution, events).toFixed(0)} ms`,
    )
  }
  for (const task of tasks)
    lines.push(
      ...taskLines(task, threadEvents, t0, profile, top, attribution, splits.get(task.ts), waits),
    )
  return lines.join('\n')
}

type Samples = ReturnType<typeof cpuSamples>

/** One long task: what ran, where its time went, our code in it and the layouts it forced. */
function taskLines(
  task: TraceEvent,
  threadEvents: TraceEvent[],
  t0: number,
  { nodes, samples }: Samples,
  top: number,
  attribution: Attribution | undefined,
  split: WaitSplit | undefined,
  waits: (split: WaitSplit) => string,
): string[] {
  const lines: string[] = []
  const end = task.ts + task.dur!
  const inside = threadEvents.filter(
    (event) => event.ts >= task.ts && event.ts < end && event.ph === 'X' && event.dur,
  )
  const sum = (name: string) =>
    inside.filter((event) => event.name === name).reduce((s, e) => s + e.dur! / 1000, 0)
  const parts = [
    ['style', sum('UpdateLayoutTree')],
    ['layout', sum('Layout')],
    ['parse HTML', sum('ParseHTML')],
    ['compile', sum('v8.compile') + sum('V8.CompileCode')],
    ['GC', sum('MajorGC') + sum('MinorGC') + sum('V8.GC_SCAVENGER') + sum('BlinkGC.AtomicPhase')],
    ['paint', sum('Paint') + sum('PrePaint') + sum('Layerize')],
    // An image decoded on the main thread: an icon the browser downloads through the page's
    // renderer by itself, the tab's or the manifest's for its install check (decision 009).
    ['image decode', sum('Decode Image')],
  ]
    .filter(([, ms]) => (ms as number) >= 3)
    .map(([name, ms]) => `${name} ${(ms as number).toFixed(0)}`)
  const entry = inside.find((event) =>
    [
      'EvaluateScript',
      'v8.compileModule',
      'FunctionCall',
      'TimerFire',
      'EventDispatch',
      'FireIdleCallback',
      'FireAnimationFrame',
      'ParseHTML',
      'v8.evaluateModule',
    ].includes(event.name),
  )
  const what =
    entry?.args?.data?.url?.split('/').pop() ||
    entry?.args?.data?.functionName ||
    entry?.args?.data?.type ||
    ''
  const simulated = attribution?.tasks.get(task.ts)
  const counted = !attribution
    ? ''
    : simulated
      ? `  (Lantern: ${simulated.duration.toFixed(0)} ms at ${simulated.start.toFixed(0)} ms, TBT +${simulated.counted.toFixed(0)})`
      : '  (Lantern: not simulated)'
  lines.push(
    `  ${((task.ts - t0) / 1000).toFixed(0).padStart(6)} ms  ${(task.dur! / 1000)
      .toFixed(0)
      .padStart(
        4,
      )} ms  (ran ${((task.tdur ?? task.dur!) / 1000).toFixed(0)}${split ? `; ${waits(split)}` : ''})  ${entry?.name ?? '?'} ${what}  [${parts.join(', ')}]${counted}`,
  )
  // Our code and the libraries' by self time, and the code that forced a layout.
  const self = new Map<string, number>()
  const inclusive = new Map<string, number>()
  let previous = task.ts
  for (const sample of samples) {
    if (sample.ts < task.ts || sample.ts >= end) continue
    const ms = (sample.ts - previous) / 1000
    previous = sample.ts
    const leaf = nodes.get(sample.node)
    if (!leaf) continue
    const leafName = original(leaf.callFrame)
    self.set(leafName, (self.get(leafName) ?? 0) + ms)
    // Inclusive time of our own source files (src/), once per sample.
    const seen = new Set<string>()
    for (let node: ProfileNode | undefined = leaf; node; node = nodes.get(node.parent ?? -1)) {
      if (!node.callFrame.url) continue
      const name = original(node.callFrame)
      if ((!args.libraries && !name.startsWith('src/')) || seen.has(name)) continue
      seen.add(name)
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms)
    }
  }
  const best = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .filter(([, ms]) => ms >= 2)
      .map(([name, ms]) => `${ms.toFixed(0)} ${name}`)
  lines.push(`           self: ${best(self).join(' | ')}`)
  const ours = best(inclusive)
  if (ours.length)
    lines.push(`           ${args.libraries ? 'incl.' : 'src/ (incl.)'}: ${ours.join(' | ')}`)
  for (const layout of inside.filter((event) => event.name === 'Layout' && event.dur! >= 5000)) {
    const stack: CallFrame[] = layout.args?.beginData?.stackTrace ?? []
    const by = stack.slice(0, 4).map((frame) =>
      original({
        ...frame,
        lineNumber: frame.lineNumber - 1,
        columnNumber: frame.columnNumber - 1,
      }),
    )
    lines.push(
      `           layout ${(layout.dur! / 1000).toFixed(0)} ms${by.length ? ` forced by ${by.join(' < ')}` : ''}`,
    )
  }
  return lines
}

async function main() {
  if (args.trace) {
    const saved = JSON.parse(readFileSync(args.trace, 'utf8')) as
      { traceEvents: TraceEvent[] } | TraceEvent[]
    console.log(report(paths[0]!, Array.isArray(saved) ? saved : saved.traceEvents))
    return
  }
  const stopMock = await ensureMock()
  const server = await serve(app)
  // With --lighthouse, served as the bench serves it (HTTP/2, bench/serve.ts).
  const front = args.lighthouse ? await http2Front(urlOf(server)) : undefined
  try {
    const baseUrl = front?.url ?? urlOf(server)
    const cookie = await sessionCookie(urlOf(server))
    mkdirSync('reports/profile', { recursive: true })
    for (const path of paths) {
      for (let i = 0; i < Number(args.runs); i++) {
        const loggedIn = loadsLoggedIn(path)
        const record = args.lighthouse ? lighthouseTrace : profile
        const sampler = args.sched ? startSchedSampler() : undefined
        let sched: Sampled | undefined
        // Stopped however the load ends: the sampler's thread would keep the process alive.
        const { events, landed, attribution } = await record(
          baseUrl,
          path,
          loggedIn ? cookie : undefined,
        ).finally(async () => {
          sched = await sampler?.stop()
        })
        if (landed !== path) throw new Error(`${path}: ended on ${landed}`)
        const file = `reports/profile/${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'}.trace.json`
        writeFileSync(file, JSON.stringify({ traceEvents: events }))
        console.log(report(path, events, attribution, sched))
        console.log(`  trace: ${file} (open in the browser's Performance panel)\n`)
      }
    }
  } finally {
    await front?.close()
    await server.close()
    stopMock()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error)
  process.exit(1)
})
