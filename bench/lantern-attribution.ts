// What Lighthouse's simulation (Lantern) made of each main-thread task of a run, read from the
// simulations it has just run in this process: when it placed the task, how long it made it,
// and what the task adds to the simulated TBT (decision 009). Lantern's own rules, mirrored here:
// TBT is half its optimistic and half its pessimistic estimate; the optimistic one counts the
// tasks between the pessimistic first-paint estimate and the optimistic interactive estimate,
// the pessimistic one the other way round; each task counts what it has over 50 ms inside
// that window. The sum is checked against the TBT Lighthouse reported.
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js'

/** The simulator's record of its runs, by label (`optimisticTotalBlockingTime`...). */
type SimulatedNode = {
  type: string
  event?: { ts: number }
  request?: { resourceType?: string; priority?: string }
}
// The complete timings the simulator keeps: start and end, no duration.
type NodeTimings = Map<SimulatedNode, { startTime: number; endTime: number }>
const simulations = (
  Lantern as unknown as { Simulation: { Simulator: { allNodeTimings: Map<string, NodeTimings> } } }
).Simulation.Simulator.allNodeTimings

const BLOCKING_MS = 50

/** One observed task as Lantern simulated it (ms from its simulated navigation start). */
export interface SimulatedTask {
  start: number
  duration: number
  /** What it adds to Lighthouse's TBT: half of each estimate's share. */
  counted: number
  /** How much of it lies in the two estimates' windows, averaged (0 to 1). */
  inWindow: number
}

export interface Attribution {
  /** The simulated TBT recomputed from the tasks; equal to Lighthouse's when the rules hold. */
  tbt: number
  /** First-paint and interactive estimates, optimistic and pessimistic. */
  fcp: [number, number]
  tti: [number, number]
  /** By the observed task's start (trace µs). */
  tasks: Map<number, SimulatedTask>
}

/** Forgets earlier runs' simulations (the record is kept per process, by label). */
export function forgetSimulations() {
  simulations.clear()
}

function timingsOf(label: string): NodeTimings {
  const timings = simulations.get(label)
  if (!timings) throw new Error(`lantern-attribution: Lighthouse ran no simulation "${label}"`)
  return timings
}

const lastEnd = (timings: NodeTimings, keep: (node: SimulatedNode) => boolean = () => true) =>
  Math.max(0, ...[...timings].filter(([node]) => keep(node)).map(([, timing]) => timing.endTime))

/** What a task adds to one estimate: its part inside [from, to], less 50 ms. */
function blocking(start: number, end: number, from: number, to: number): number {
  if (end - start < BLOCKING_MS || end < from || start > to) return 0
  return Math.max(0, Math.min(end, to) - Math.max(start, from) - BLOCKING_MS)
}

/** The last run's attribution; call after `lighthouse()` has returned. */
export function lanternAttribution(): Attribution {
  const notLowImage = (node: SimulatedNode) =>
    node.type !== 'network' ||
    node.request?.resourceType !== 'Image' ||
    !['Low', 'VeryLow'].includes(node.request?.priority ?? '')
  const fcp: [number, number] = [
    lastEnd(timingsOf('optimisticFirstContentfulPaint')),
    lastEnd(timingsOf('pessimisticFirstContentfulPaint')),
  ]
  const lcp = [
    lastEnd(timingsOf('optimisticLargestContentfulPaint'), notLowImage),
    lastEnd(timingsOf('pessimisticLargestContentfulPaint'), notLowImage),
  ]
  const lastLongTask = (timings: NodeTimings) =>
    Math.max(
      0,
      ...[...timings]
        .filter(
          ([node, timing]) =>
            node.type === 'cpu' && timing.endTime - timing.startTime > BLOCKING_MS,
        )
        .map(([, timing]) => timing.endTime),
    )
  const tti: [number, number] = [
    Math.max(lcp[0]!, lastLongTask(timingsOf('optimisticInteractive'))),
    Math.max(lcp[1]!, lastLongTask(timingsOf('pessimisticInteractive'))),
  ]
  // Optimistic TBT: from the pessimistic first paint to the optimistic interactive; and back.
  const windows = [
    ['optimisticTotalBlockingTime', fcp[1], tti[0]],
    ['pessimisticTotalBlockingTime', fcp[0], tti[1]],
  ] as const
  const tasks = new Map<number, SimulatedTask>()
  let tbt = 0
  for (const [label, from, to] of windows) {
    for (const [node, timing] of timingsOf(label)) {
      if (node.type !== 'cpu' || !node.event) continue
      const counted = blocking(timing.startTime, timing.endTime, from, to) / 2
      tbt += counted
      const duration = timing.endTime - timing.startTime
      const task = tasks.get(node.event.ts) ?? {
        start: timing.startTime,
        duration,
        counted: 0,
        inWindow: 0,
      }
      const overlap = Math.min(timing.endTime, to) - Math.max(timing.startTime, from)
      task.counted += counted
      task.inWindow += duration > 0 ? Math.max(0, Math.min(1, overlap / duration)) / 2 : 0
      tasks.set(node.event.ts, task)
    }
  }
  return { tbt, fcp, tti, tasks }
}

/** A trace event, as far as the bench's readers of traces need it . */
export interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  /** The thread's CPU time in the event (µs): less than `dur` where the thread waited or was
   *  descheduled (on a busy machine, by other processes). */
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string }
}

/** The page's renderer main thread in a trace: the first thread named CrRendererMain. */
export function rendererMainThread<Event extends TraceEvent>(events: readonly Event[]) {
  return events.find(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  )
}

/**
 * About what Lantern would have counted had each task lasted only as long as its thread ran
 * (the trace's thread time; on a busy machine a task also holds the time the thread waited or
 * was descheduled): each main-thread task's simulated length scaled by thread time over wall
 * time, less 50 ms, in the share of the estimates' windows it lies in. Approximate: it keeps
 * Lantern's placement of every task as it was.
 */
export function tbtOfThreadTime(attribution: Attribution, events: readonly TraceEvent[]): number {
  const main = rendererMainThread(events)
  if (!main) return NaN
  let sum = 0
  for (const { pid, tid, name, ph, ts, dur, tdur } of events) {
    if (pid !== main.pid || tid !== main.tid || name !== 'RunTask' || ph !== 'X') continue
    const task = attribution.tasks.get(ts)
    if (!task || !dur || tdur === undefined) continue
    sum += task.inWindow * Math.max(0, (task.duration * tdur) / dur - BLOCKING_MS)
  }
  return sum
}
