import { describe, expect, it } from 'vitest'
import {
  coreShare,
  countersAt,
  processKind,
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

  it("tells Chromium's processes, the bench and the mock apart by their command lines", () => {
    const chromium = '/usr/lib/chromium/chromium\0--headless=new\0--no-sandbox'
    expect(processKind(chromium, 10, 1)).toBe('browser')
    expect(processKind(`${chromium}\0--type=renderer\0--lang=en`, 11, 1)).toBe('renderer')
    expect(processKind(`${chromium}\0--type=gpu-process`, 12, 1)).toBe('gpu')
    expect(processKind(`${chromium}\0--type=utility\0--utility-sub-type=network`, 13, 1)).toBe(
      'chromium',
    )
    expect(processKind(`${chromium}\0--type=zygote`, 14, 1)).toBe('chromium')
    expect(processKind('/usr/lib/chromium/chrome_crashpad_handler\0--monitor-self', 19, 1)).toBe(
      'chromium',
    )
    // A child retitles itself, its arguments in one string, some as /proc/self/exe.
    expect(processKind('/usr/lib/chromium/chromium --type=renderer --lang=en', 20, 1)).toBe(
      'renderer',
    )
    expect(processKind('/proc/self/exe --type=utility --utility-sub-type=network', 21, 1)).toBe(
      'chromium',
    )
    expect(processKind('/usr/lib/chromium/chromium --type=zygote --no-sandbox', 22, 1)).toBe(
      'chromium',
    )
    expect(processKind('node\0--import\0tsx\0mock/server.ts', 15, 1)).toBe('mock')
    expect(processKind('node\0/x/node_modules/@stoplight/prism-cli/dist/index.js', 16, 1)).toBe(
      'mock',
    )
    expect(processKind('node\0bench/profile.ts', 1, 1)).toBe('bench')
    // A flag naming Chromium on another program's command line does not make it Chromium's.
    expect(processKind('bash\0-c\0chromium --type=renderer', 17, 1)).toBeUndefined()
    expect(processKind('sshd: root', 18, 1)).toBeUndefined()
  })

  it("splits a window's core time by who used it, the rest of the machine and idle", () => {
    const processes = new Map([
      // The page's renderer: 100 ms of CPU per 100 ms, from 0 at 1.0 s.
      [
        11,
        {
          kind: 'renderer' as const,
          samples: [
            [1_000_000, 0],
            [1_100_000, 100],
            [1_200_000, 200],
          ] as [number, number][],
        },
      ],
      // Born inside the window (first seen at 1.05 s with 10 ms): counted from 0.
      [
        12,
        {
          kind: 'renderer' as const,
          samples: [
            [1_050_000, 10],
            [1_200_000, 40],
          ] as [number, number][],
        },
      ],
      [
        13,
        {
          kind: 'browser' as const,
          samples: [
            [900_000, 500],
            [1_200_000, 560],
          ] as [number, number][],
        },
      ],
      [
        14,
        {
          kind: 'bench' as const,
          samples: [
            [900_000, 0],
            [1_200_000, 90],
          ] as [number, number][],
        },
      ],
      [
        15,
        {
          kind: 'mock' as const,
          samples: [
            [900_000, 70],
            [1_200_000, 70],
          ] as [number, number][],
        },
      ],
    ])
    // Two cores: 400 ms busy and 200 idle in the 300 ms from 0.9 s, evenly.
    const machine: [number, number, number][] = [
      [900_000, 1000, 5000],
      [1_200_000, 1400, 5200],
    ]
    // The sampler's own thread, 5 ms per 100 ms of it.
    const sampler: [number, number][] = [
      [900_000, 0],
      [1_200_000, 15],
    ]
    const share = coreShare({ processes, machine, sampler }, 11, 1_000_000, 1_200_000, 2)
    expect(share.sampler).toBeCloseTo(10)
    expect(share.cores).toBe(400)
    expect(share.page).toBe(200)
    expect(share.otherRenderers).toBe(40)
    expect(share.browser).toBeCloseTo(40)
    expect(share.bench).toBeCloseTo(60)
    expect(share.mock).toBe(0)
    expect(share.idle).toBeCloseTo(133.3, 0)
    // Busy 266.7 ms in the window, of which the named processes used 340: none left over.
    expect(share.rest).toBe(0)
    const later = coreShare({ processes, machine }, 11, 1_100_000, 1_200_000, 2)
    expect(later.page).toBe(100)
    expect(later.otherRenderers).toBe(20)
  })

  it('samples on a thread of its own and stops when asked', async () => {
    const sampler = startSchedSampler()
    // A worker thread takes some tens of ms to start: stopped sooner, it has sampled nothing.
    await new Promise((resolve) => setTimeout(resolve, 400))
    const sampled = await sampler.stop()
    expect(sampled.threads).toBeInstanceOf(Map)
    for (const series of sampled.threads.values()) {
      for (const [atUs, run, wait] of series) {
        expect(atUs).toBeGreaterThan(0)
        expect(run).toBeGreaterThanOrEqual(0)
        expect(wait).toBeGreaterThanOrEqual(0)
      }
    }
    if (process.platform === 'linux') {
      // Its own process is the bench's, sampled every 10 ms, its CPU time never going back.
      const own = sampled.processes.get(process.pid)
      expect(own?.kind).toBe('bench')
      expect(own!.samples.length).toBeGreaterThan(1)
      const times = own!.samples.map(([, cpuMs]) => cpuMs)
      expect(times).toEqual([...times].sort((a, b) => a - b))
      expect(sampled.machine.length).toBeGreaterThan(1)
      const [first, last] = [sampled.machine[0]!, sampled.machine.at(-1)!]
      for (const figure of [...first, ...last]) expect(Number.isFinite(figure)).toBe(true)
      expect(last[1] + last[2]).toBeGreaterThan(first[1] + first[2])
      // Its own thread's time, read every 50 ms, in ms and growing.
      expect(sampled.sampler.length).toBeGreaterThan(1)
      expect(sampled.sampler.at(-1)![1]).toBeGreaterThan(sampled.sampler[0]![1])
    }
  })
})
