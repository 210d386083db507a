// Spectral custom function: "none" is `null` in the contract, never a zero date
// (`0001-01-01T00:00:00Z`, any time of day) nor an empty string where a date-time belongs.
// Flags every example value anywhere in the document (resolved) that holds a zero date.
const ZERO_DATE = /^0001-01-01(T|$)/

export default function noZeroDates(doc) {
  const results = []
  const seen = new WeakSet()
  const walk = (node, path) => {
    if (typeof node === 'string') {
      if (ZERO_DATE.test(node))
        results.push({ message: `A zero date (${node}): write null for "none".`, path })
      return
    }
    if (!node || typeof node !== 'object' || seen.has(node)) return
    seen.add(node)
    for (const [k, v] of Object.entries(node)) {
      // Prose may name the zero date to forbid it; values may not.
      if (k === 'description' || k === 'summary') continue
      walk(v, [...path, Array.isArray(node) ? Number(k) : k])
    }
  }
  walk(doc, [])
  return results
}
