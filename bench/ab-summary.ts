// The A/B's summary (bench/ab.ts): each side's medians, the median of B / A and how many
// pairs B was lower in. Its own module so that tests/bench can check it without Lighthouse.

/** One Lighthouse load of one side, with the load average just before it. */
export type Load = {
  side: 'A' | 'B'
  round: number
  load: number
  tbtMs: number
  fcpMs: number
  lcpMs: number
  interactiveMs: number
  /** Cumulative layout shift: a change that saves time can move something. */
  cls: number
}

export function median(values: number[]): number {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The rounds both sides have a load in: a round cut short by an error is left out. */
export function pairsOf(loads: Load[]): { a: Load; b: Load }[] {
  const rounds = [...new Set(loads.map((load) => load.round))]
  return rounds.flatMap((round) => {
    const a = loads.find((load) => load.round === round && load.side === 'A')
    const b = loads.find((load) => load.round === round && load.side === 'B')
    return a && b ? [{ a, b }] : []
  })
}

/** B's median TBT over A's, of the paired loads. */
export function medianRatio(loads: Load[]): number {
  const pairs = pairsOf(loads)
  return median(pairs.map(({ b }) => b.tbtMs)) / median(pairs.map(({ a }) => a.tbtMs))
}

/** A markdown table of both sides and the line a note quotes. */
export function describeLoads(loads: Load[]): string {
  const ms = (value: number) => value.toFixed(0)
  const lines = [
    '| side | TBT | FCP | LCP | interactive | CLS, highest | load average |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ]
  for (const side of ['A', 'B'] as const) {
    const mine = loads.filter((load) => load.side === side)
    if (!mine.length) continue
    const of = (key: keyof Load) => ms(median(mine.map((load) => Number(load[key]))))
    const averages = mine.map((load) => load.load)
    lines.push(
      `| ${side} | ${mine.map((load) => ms(load.tbtMs)).join(', ')} (median ${of('tbtMs')}) ` +
        `| ${of('fcpMs')} | ${of('lcpMs')} | ${of('interactiveMs')} ` +
        `| ${Math.max(...mine.map((load) => load.cls)).toFixed(3)} ` +
        `| ${Math.min(...averages).toFixed(1)}-${Math.max(...averages).toFixed(1)} |`,
    )
  }
  const pairs = pairsOf(loads)
  const lower = pairs.filter(({ a, b }) => b.tbtMs < a.tbtMs).length
  lines.push(
    '',
    `B / A by median: TBT ${medianRatio(loads).toFixed(2)}x; B lower in ${lower} of ${pairs.length} pairs`,
  )
  return lines.join('\n')
}
