// `npm run bench:profile -- /login --lighthouse --bare --sched`: where a long task's wall time
// went that the main thread did not run. A task's trace has its wall time and its thread time;
// the rest was either waiting for a core (runnable, the machine's other threads on both) or
// asleep (blocked: a lock, a synchronous call to another process, a compile on another
// thread). The two call for different answers (fewer processes busy beside the page, or less
// the page waits on), so Linux's scheduler statistics tell them apart: every Chromium
// renderer's main thread is sampled about once a millisecond, on its own thread here, from
// /proc/<pid>/task/<pid>/schedstat (nanoseconds run, nanoseconds runnable but waiting), with
// the monotonic clock Chromium's trace uses on Linux. Decision 009, twenty-sixth session.
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
  if (after[0] - before[0] > gapUs) return undefined
  const share = after[0] === before[0] ? 0 : (atUs - before[0]) / (after[0] - before[0])
  return [before[1] + (after[1] - before[1]) * share, before[2] + (after[2] - before[2]) * share]
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

// The sampler, on a worker thread so the Lighthouse run's event loop never delays a sample.
// Plain CommonJS: an eval'd worker does not go through tsx.
const SAMPLER = `
const { parentPort, workerData } = require('node:worker_threads')
const fs = require('node:fs')
const stop = new Int32Array(workerData.stop)
const nap = new Int32Array(new SharedArrayBuffer(4))
const files = new Map()
const seen = new Set()
const series = {}
const buffer = Buffer.alloc(256)
let scanned = 0n
while (Atomics.load(stop, 0) === 0) {
  const now = process.hrtime.bigint()
  if (now - scanned > 10000000n) {
    scanned = now
    // A renderer is forked from Chromium's zygote and carries the zygote's command line until
    // it has set its own: zygotes are sampled too, so a renderer is from its first scan.
    for (const name of fs.readdirSync('/proc')) {
      if (seen.has(name) || !/^[0-9]+$/.test(name)) continue
      seen.add(name)
      try {
        if (!/--type=(renderer|zygote)/.test(fs.readFileSync('/proc/' + name + '/cmdline', 'latin1'))) continue
        files.set(name, fs.openSync('/proc/' + name + '/task/' + name + '/schedstat', 'r'))
        series[name] = []
      } catch {}
    }
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
parentPort.postMessage(series)
`

/**
 * Starts sampling every renderer's main thread; `stop()` resolves with the samples. On a
 * system without /proc's scheduler statistics it resolves with none.
 */
export function startSchedSampler(): { stop: () => Promise<SchedSamples> } {
  const stopFlag = new SharedArrayBuffer(4)
  const worker = new Worker(SAMPLER, { eval: true, workerData: { stop: stopFlag } })
  const result = new Promise<SchedSamples>((resolve) => {
    worker.once('message', (series: Record<string, SchedSample[]>) =>
      resolve(new Map(Object.entries(series).map(([pid, samples]) => [Number(pid), samples]))),
    )
    worker.once('error', () => resolve(new Map()))
    worker.once('exit', () => resolve(new Map()))
  })
  return {
    stop: () => {
      Atomics.store(new Int32Array(stopFlag), 0, 1)
      return result
    },
  }
}
