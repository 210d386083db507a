// What Lighthouse's simulation (Lantern) made of each main-thread task of a run, read from the
// simulations it has just run in this process: when it placed the task, how long it made it,
// and what the task adds to the simulated TBT. `npm run bench:profile -- --lighthouse` prints
// it beside each observed task (issue 19, decision 009). Lantern's own rules, mirrored here:
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
      const task = tasks.get(node.event.ts) ?? {
        start: timing.startTime,
        duration: timing.endTime - timing.startTime,
        counted: 0,
      }
      task.counted += counted
      tasks.set(node.event.ts, task)
    }
  }
  return { tbt, fcp, tti, tasks }
}
