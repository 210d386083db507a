import { describe, expect, it } from 'vitest'
import {
  countersAt,
  splitTask,
  startSchedSampler,
  sumSplits,
  type SchedSample,
} from '../../bench/sched-split'

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

  it('reads the counters between the samples around an edge', () => {
    expect(countersAt(samples, 1_010_500)).toEqual([2_625_000, 5_250_000])
    expect(splitTask(samples, 1_010_500, 1_050_500)?.ran).toBeCloseTo(10)
    expect(countersAt(samples, 1_000_000)).toEqual([0, 0])
    expect(countersAt(samples, 1_099_000)).toEqual([24_750_000, 49_500_000])
  })

  it('gives nothing where the samples do not reach an edge or are too far apart', () => {
    expect(splitTask(samples, 900_000, 1_050_000)).toBeUndefined()
    expect(splitTask(samples, 1_010_000, 1_200_000)).toBeUndefined()
    expect(splitTask([], 1_010_000, 1_050_000)).toBeUndefined()
    const gappy: SchedSample[] = [
      [1_000_000, 0, 0],
      [1_030_000, 10_000_000, 0],
    ]
    expect(splitTask(gappy, 1_005_000, 1_025_000)).toBeUndefined()
    expect(splitTask(gappy, 1_005_000, 1_025_000, 50_000)?.ran).toBeCloseTo(20 / 3)
  })

  it('never reports negative sleep', () => {
    const busy: SchedSample[] = [
      [1_000_000, 0, 0],
      [1_001_000, 900_000, 200_000],
    ]
    expect(splitTask(busy, 1_000_000, 1_001_000)?.asleep).toBe(0)
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
