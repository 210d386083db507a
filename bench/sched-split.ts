// `npm run bench:profile -- /login --lighthouse --bare --sched`: where a long task's wall time
// went that the main thread did not run. A task's trace has its wall time and its thread time;
// the rest was either waiting for a core (runnable, the machine's other threads on both) or
// asleep (blocked: a lock, a synchronous call to another process, a compile on another
// thread). The two call for different answers (fewer processes busy beside the page, or less
// the page waits on), so Linux's scheduler statistics tell them apart: every Chromium
// renderer's main thread is sampled about once a millisecond, on its own thread here, from
// /proc/<pid>/task/<pid>/schedstat (nanoseconds run, nanoseconds runnable but waiting), with
// the monotonic clock Chromium's trace uses on Linux. Decision 009.
//
// Waiting for a core says the machine was busy, not with what. The same thread also reads,
// every 50 ms, each process's CPU time (/proc/<pid>/stat) of Chromium's processes, the bench's
// own (its servers, Lighthouse, this sampler) and the mock's, and the machine's in all
// (/proc/stat), so a load's core time splits by who used it (`coreShare`). Decision 009.
import { cpus } from 'node:os'
import { Worker } from 'node:worker_threads'

/** One sample: monotonic time (µs, the trace's clock), ns run and ns waited for a core so far. */
export type SchedSample = readonly [atUs: number, runNs: number, runqueueNs: number]

/** Samples by the renderer's process id (its main thread's id is the same). */
export type SchedSamples = Map<number, SchedSample[]>

/** A task's wall time split: ran, waited for a core, asleep (the rest). In ms. */
export type WaitSplit = { ran: number; runqueue: number; asleep: number }

/**
 * The thread's counters at `atUs`, read between the samples on either side of it (they only
 * grow, and the sampler's own thread can be late on a busy machine: a sample is not always
 * where a task starts). Undefined where the samples around it are more than `gapUs` apart or
 * do not reach it.
 */
export function countersAt(
  samples: readonly SchedSample[],
  atUs: number,
  gapUs = 10_000,
): readonly [runNs: number, runqueueNs: number] | undefined {
  const found = around(samples, atUs)
  if (!found || found.after[0] - found.before[0] > gapUs) return undefined
  return [found.at(1), found.at(2)]
}

type Series = readonly (readonly [atUs: number, ...figures: number[]])[]

/**
 * The samples on either side of `atUs` (the last at or before it and the one after), and a
 * cumulative figure read linearly between them; undefined outside the samples.
 */
function around(samples: Series, atUs: number) {
  let low = 0
  let high = samples.length - 1
  if (high < 0 || atUs < samples[0]![0] || atUs > samples[high]![0]) return undefined
  // The last sample at or before atUs.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if (samples[middle]![0] <= atUs) low = middle
    else high = middle - 1
  }
  const before = samples[low]!
  const after = samples[Math.min(low + 1, samples.length - 1)]!
  const share = after[0] === before[0] ? 0 : (atUs - before[0]) / (after[0] - before[0])
  const at = (column: number) => before[column]! + (after[column]! - before[column]!) * share
  return { before, after, at }
}

/** The split of a task from `startUs` to `endUs`; undefined where the samples miss an edge. */
export function splitTask(
  samples: readonly SchedSample[],
  startUs: number,
  endUs: number,
  gapUs?: number,
): WaitSplit | undefined {
  const from = countersAt(samples, startUs, gapUs)
  const to = countersAt(samples, endUs, gapUs)
  if (!from || !to || endUs <= startUs) return undefined
  const ran = (to[0] - from[0]) / 1e6
  const runqueue = (to[1] - from[1]) / 1e6
  return { ran, runqueue, asleep: Math.max(0, (endUs - startUs) / 1000 - ran - runqueue) }
}

/** Sums splits (a page's long tasks). */
export function sumSplits(splits: readonly WaitSplit[]): WaitSplit {
  return splits.reduce(
    (sum, split) => ({
      ran: sum.ran + split.ran,
      runqueue: sum.runqueue + split.runqueue,
      asleep: sum.asleep + split.asleep,
    }),
    { ran: 0, runqueue: 0, asleep: 0 },
  )
}

/** Who a sampled process is, by its command line. */
export type ProcessKind = 'renderer' | 'browser' | 'gpu' | 'chromium' | 'bench' | 'mock'

/**
 * A process's kind from its command line (NUL-separated, as /proc gives it), or undefined for
 * one that is none of these (the rest of the machine). `benchPid` is the bench's own process.
 */
export function processKind(
  cmdline: string,
  pid: number,
  benchPid: number,
): ProcessKind | undefined {
  if (pid === benchPid) return 'bench'
  if (/mock\/server\.ts|prism-cli/.test(cmdline)) return 'mock'
  const program = cmdline.split('\0')[0] ?? ''
  // Chromium's processes re-exec its program as /proc/self/exe and retitle themselves.
  if (!/chrom(e|ium)|^\/proc\/self\/exe/i.test(program)) return undefined
  if (cmdline.includes('--type=renderer')) return 'renderer'
  if (cmdline.includes('--type=gpu-process')) return 'gpu'
  // The browser is Chromium's own program with no --type; its crash handler is another.
  const browser = /(^|\/)(chromium|chrome|headless_shell)$/.test(program)
  return browser && !cmdline.includes('--type=') ? 'browser' : 'chromium'
}

/** A process's CPU time so far (user and system, in ms) at a monotonic time (µs). */
export type CpuSample = readonly [atUs: number, cpuMs: number]
/** The machine's CPU time so far, busy and idle, in ms summed over its cores. */
export type MachineSample = readonly [atUs: number, busyMs: number, idleMs: number]
export type ProcessSeries = { kind: ProcessKind; samples: CpuSample[] }

/** What the sampler read: the renderers' main threads, the processes and the machine. */
export type Sampled = {
  threads: SchedSamples
  processes: Map<number, ProcessSeries>
  machine: MachineSample[]
  /** The sampler's own thread's CPU time so far (ms): part of the bench's. */
  sampler: CpuSample[]
}

// The sampler, on a worker thread so the Lighthouse run's event loop never delays a sample.
// Plain CommonJS: an eval'd worker does not go through tsx. `kindOf` is processKind's source.

const SAMPLER = `
const { parentPort, workerData } = require('node:worker_threads')
const fs = require('node:fs')
const kindOf = ${processKind.toString()}
const TICK_MS = 10
const stop = new Int32Array(workerData.stop)
const nap = new Int32Array(new SharedArrayBuffer(4))
const files = new Map()
const seen = new Set()
const series = {}
const processes = {}
const machine = []
const buffer = Buffer.alloc(1024)
const readCmdline = (pid) => fs.readFileSync('/proc/' + pid + '/cmdline', 'latin1')
const readText = (path) => {
  const fd = fs.openSync(path, 'r')
  try {
    return buffer.toString('latin1', 0, fs.readSync(fd, buffer, 0, buffer.length, 0))
  } finally {
    fs.closeSync(fd)
  }
}
const benchCmdline = readCmdline(workerData.benchPid)
const unsettled = new Set()
const statFiles = new Map()
const blankSince = new Map()
const sampler = []
const gone = new Set()
let scanned = 0n
let measured = 0n
let scans = 0
while (Atomics.load(stop, 0) === 0) {
  const now = process.hrtime.bigint()
  if (now - scanned > 10000000n) {
    scanned = now
    scans++
    // Between its fork and its exec a process has its parent's command line, and none while
    // it execs: Chromium's browser, forked by the bench, reads as the bench's, each of
    // Chromium's processes first as the browser or a zygote (a renderer is forked from a
    // zygote and retitles itself after). Those are read again each scan, and a renderer's
    // main thread is sampled from the scan that reads it as one.
    for (const name of fs.readdirSync('/proc')) {
      if (!/^[0-9]+$/.test(name)) continue
      if (seen.has(name) && !unsettled.has(name)) continue
      seen.add(name)
      try {
        const cmdline = readCmdline(name)
        const kind = kindOf(cmdline, Number(name), workerData.benchPid)
        if (kind) {
          if (processes[name]) processes[name].kind = kind
          else processes[name] = { kind, samples: [] }
        }
        const forked = cmdline === benchCmdline && Number(name) !== workerData.benchPid
        // Blank while it execs or retitles; a kernel thread is blank for good: those born
        // since the first scan are read again for a second at most.
        const blank = cmdline.replace(/[\\s\\0]/g, '') === '' && scans > 1
        if (blank && !blankSince.has(name)) blankSince.set(name, scans)
        const execing = blank && scans - blankSince.get(name) < 100
        // Debian's /usr/bin/chromium is a shell script that execs the browser.
        const launcher = !kind && /chrom(e|ium)/i.test(cmdline)
        if (forked || execing || launcher || kind === 'browser' || cmdline.includes('--type=zygote')) {
          unsettled.add(name)
        } else unsettled.delete(name)
        if (files.has(name) || kind !== 'renderer') continue
        files.set(name, fs.openSync('/proc/' + name + '/task/' + name + '/schedstat', 'r'))
        series[name] = []
      } catch {
        unsettled.delete(name)
      }
    }
  }
  // The processes' CPU time and the machine's, every 50 ms: /proc counts in 10 ms ticks, and a
  // read every 10 ms cost the bench's process as much again as the threads' sampling.
  if (now - measured > 50000000n) {
    measured = now
    const atUs = Number(now / 1000n)
    for (const [pid, entry] of Object.entries(processes)) {
      if (gone.has(pid)) continue
      try {
        let fd = statFiles.get(pid)
        if (fd === undefined) statFiles.set(pid, (fd = fs.openSync('/proc/' + pid + '/stat', 'r')))
        const length = fs.readSync(fd, buffer, 0, buffer.length, 0)
        const fields = buffer.toString('latin1', 0, length).split(') ')[1].split(' ')
        entry.samples.push([atUs, (Number(fields[11]) + Number(fields[12])) * TICK_MS])
      } catch {
        gone.add(pid)
      }
    }
    try {
      // The sampler's own thread: its time is the bench's, and this measuring's cost.
      const [run] = readText('/proc/thread-self/schedstat').split(' ')
      sampler.push([atUs, Number(run) / 1e6])
    } catch {}
    try {
      const total = readText('/proc/stat').split('\\n')[0].trim().split(/ +/).slice(1).map(Number)
      const [user, nice, system, idle, iowait, irq, softirq, steal] = total
      machine.push([atUs, (user + nice + system + irq + softirq + steal) * TICK_MS, (idle + iowait) * TICK_MS])
    } catch {}
  }
  const atUs = Number(process.hrtime.bigint() / 1000n)
  for (const [pid, fd] of files) {
    try {
      const length = fs.readSync(fd, buffer, 0, buffer.length, 0)
      const [run, wait] = buffer.toString('latin1', 0, length).split(' ')
      series[pid].push([atUs, Number(run), Number(wait)])
    } catch {
      files.delete(pid)
    }
  }
  Atomics.wait(nap, 0, 0, 1)
}
parentPort.postMessage({ series, processes, machine, sampler })
`

/** A cumulative figure at `atUs`: read between the samples, the first or last outside them. */
function valueAt(samples: Series, atUs: number, column = 1) {
  if (!samples.length) return 0
  const edge = atUs < samples[0]![0] ? samples[0]! : samples[samples.length - 1]!
  return around(samples, atUs)?.at(column) ?? edge[column]!
}

/** Core time in a window, by who used it, in ms; `cores` the window's length times the cores. */
export type CoreShare = {
  page: number
  otherRenderers: number
  browser: number
  gpu: number
  chromium: number
  bench: number
  /** Of `bench`, the sampler's own thread: what this measuring cost. */
  sampler: number
  mock: number
  rest: number
  idle: number
  cores: number
}

/**
 * How the machine's cores were used from `fromUs` to `toUs`: by the page's renderer
 * (`pagePid`), Chromium's other processes, the bench, the mock, the rest of the machine, and
 * not at all. A process first seen inside the window started in it (its time from 0). The
 * figures come from /proc's 10 ms ticks: over a window of a second, each is good to a few
 * tens of ms.
 */
export function coreShare(
  sampled: Pick<Sampled, 'processes' | 'machine'> & Partial<Pick<Sampled, 'sampler'>>,
  pagePid: number,
  fromUs: number,
  toUs: number,
  cores = cpus().length,
): CoreShare {
  const share: CoreShare = {
    page: 0,
    otherRenderers: 0,
    browser: 0,
    gpu: 0,
    chromium: 0,
    bench: 0,
    sampler: 0,
    mock: 0,
    rest: 0,
    idle: 0,
    cores: ((toUs - fromUs) / 1000) * cores,
  }
  for (const [pid, { kind, samples }] of sampled.processes) {
    if (!samples.length) continue
    const from = fromUs < samples[0]![0] ? 0 : valueAt(samples, fromUs)
    const used = Math.max(0, valueAt(samples, toUs) - from)
    if (kind === 'renderer') share[pid === pagePid ? 'page' : 'otherRenderers'] += used
    else share[kind] += used
  }
  if (sampled.sampler?.length) {
    share.sampler = Math.max(0, valueAt(sampled.sampler, toUs) - valueAt(sampled.sampler, fromUs))
  }
  const busy = valueAt(sampled.machine, toUs) - valueAt(sampled.machine, fromUs)
  share.idle = Math.max(0, valueAt(sampled.machine, toUs, 2) - valueAt(sampled.machine, fromUs, 2))
  const named = share.page + share.otherRenderers + share.browser + share.gpu + share.chromium
  share.rest = Math.max(0, busy - named - share.bench - share.mock)
  return share
}

/**
 * Starts sampling every renderer's main thread, the processes and the machine; `stop()`
 * resolves with the samples. On a system without /proc it resolves with none.
 */
export function startSchedSampler(): { stop: () => Promise<Sampled> } {
  const stopFlag = new SharedArrayBuffer(4)
  const worker = new Worker(SAMPLER, {
    eval: true,
    workerData: { stop: stopFlag, benchPid: process.pid },
  })
  const none = (): Sampled => ({
    threads: new Map(),
    processes: new Map(),
    machine: [],
    sampler: [],
  })
  const result = new Promise<Sampled>((resolve) => {
    worker.once(
      'message',
      (sampled: {
        series: Record<string, SchedSample[]>
        processes: Record<string, ProcessSeries>
        machine: MachineSample[]
        sampler: CpuSample[]
      }) =>
        resolve({
          threads: new Map(
            Object.entries(sampled.series).map(([pid, samples]) => [Number(pid), samples]),
          ),
          processes: new Map(
            Object.entries(sampled.processes).map(([pid, entry]) => [Number(pid), entry]),
          ),
          machine: sampled.machine,
          sampler: sampled.sampler,
        }),
    )
    // A sampler that fails says so: its silence would read as "no samples on this system".
    worker.once('error', (error) => {
      console.warn(`the scheduler sampler failed: ${error.message}`)
      resolve(none())
    })
    worker.once('exit', () => resolve(none()))
  })
  return {
    stop: () => {
      Atomics.store(new Int32Array(stopFlag), 0, 1)
      return result
    },
  }
}
