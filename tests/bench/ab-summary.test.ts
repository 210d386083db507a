import { describe, expect, it } from 'vitest'
import { describeLoads, median, medianRatio, pairsOf, type Load } from '../../bench/ab-summary'

const load = (side: 'A' | 'B', round: number, tbtMs: number, cls = 0): Load => ({
  side,
  round,
  load: 1 + round / 10,
  tbtMs,
  fcpMs: 800,
  lcpMs: 1200,
  interactiveMs: 2400,
  cls,
})

describe('the A/B summary (npm run bench:ab)', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([])).toBeNaN()
  })

  it('pairs the loads of each round, leaving out a round one side has no load in', () => {
    const loads = [load('A', 1, 500), load('B', 1, 400), load('B', 2, 300), load('A', 3, 600)]
    expect(pairsOf(loads).map(({ a, b }) => [a.tbtMs, b.tbtMs])).toEqual([[500, 400]])
  })

  it("gives B's median over A's and how many pairs B was lower in", () => {
    const loads = [
      load('A', 1, 400),
      load('B', 1, 300),
      load('B', 2, 500),
      load('A', 2, 450),
      load('A', 3, 800),
      load('B', 3, 400, 0.022),
    ]
    expect(medianRatio(loads)).toBeCloseTo(400 / 450)
    const summary = describeLoads(loads)
    expect(summary).toContain('| A | 400, 450, 800 (median 450) |')
    expect(summary).toContain('B / A by median: TBT 0.89x')
    expect(summary).toContain('B lower in 2 of 3 pairs')
    expect(summary).toContain('| 1.1-1.3 |')
    // The highest shift of each side's loads: one load that moved something shows.
    expect(summary).toContain('| 2400 | 0.000 | 1.1-1.3 |')
    expect(summary).toContain('| 2400 | 0.022 | 1.1-1.3 |')
  })
})
