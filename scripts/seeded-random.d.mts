/** mulberry32: the same seed gives the same sequence of numbers in [0, 1) (see seeded-random.mjs). */
export function seededRandom(seed: number): () => number
