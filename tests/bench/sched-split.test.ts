import { describe, expect, it } from 'vitest'
import { splitTask, startSchedSampler, sumSplits, type SchedSample } from '../../bench/sched-split'

// Samples every millisecond from 1 000 000 µs: the thread runs 0.25 ms and waits 0.5 ms for
// a core in each, so of each millisecond a quarter is asleep.
const samples: SchedSample[] = Array.from({ length: 100 }, (_, i) => [
  1_000_000 + i * 1000,
  i * 250_000,
  i * 500_000,
])

describe("a long task's waiting, by the scheduler (npm run bench:profile -- --sched)", () => {
  it('splits the wall time into ran, waited for a core and asleep', () => {
    const split = splitTask(samples, 1_010_000, 1_050_000)
    expect(split?.ran).toBeCloseTo(10)
    expect(split?.runqueue).toBeCloseTo(20)
    expect(split?.asleep).toBeCloseTo(10)
  })

  it('takes the samples nearest the edges, and none further than the slack', () => {
    expect(splitTask(samples, 1_010_400, 1_049_600)?.ran).toBeCloseTo(10)
    expect(splitTask(samples, 900_000, 1_050_000)).toBeUndefined()
    expect(splitTask(samples, 1_010_000, 1_200_000)).toBeUndefined()
    expect(splitTask([], 1_010_000, 1_050_000)).toBeUndefined()
  })

  it('never reports negative sleep when the samples straddle the task', () => {
    expect(splitTask(samples, 1_010_000, 1_010_600, 1000)?.asleep).toBe(0)
  })

  it('sums the splits of a page', () => {
    expect(
      sumSplits([
        { ran: 1, runqueue: 2, asleep: 3 },
        { ran: 4, runqueue: 5, asleep: 6 },
      ]),
    ).toEqual({ ran: 5, runqueue: 7, asleep: 9 })
  })

  it('samples on a thread of its own and stops when asked', async () => {
    const sampler = startSchedSampler()
    await new Promise((resolve) => setTimeout(resolve, 30))
    const sched = await sampler.stop()
    expect(sched).toBeInstanceOf(Map)
    for (const series of sched.values()) {
      for (const [atUs, run, wait] of series) {
        expect(atUs).toBeGreaterThan(0)
        expect(run).toBeGreaterThanOrEqual(0)
        expect(wait).toBeGreaterThanOrEqual(0)
      }
    }
  })
})
