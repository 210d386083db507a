// One seeded random source for the tools that must replay a run exactly: the mock's latency
// and failures (`--seed`, mock/chaos.ts) and the UI fuzzer (`npm run fuzz -- --seed`).

/**
 * mulberry32: a small, fast PRNG; the same seed gives the same sequence of numbers in [0, 1).
 * @param {number} seed
 * @returns {() => number}
 */
export function seededRandom(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
