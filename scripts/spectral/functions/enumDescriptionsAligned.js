// Spectral custom function: wherever a schema has `x-enum-descriptions`, it must be an array of
// non-empty strings with exactly one entry per `enum` value (same order). Given the document root
// (resolved); each distinct enum is reported once even when it is reached through many $refs.
export default function enumDescriptionsAligned(doc) {
  const results = []
  const seenNodes = new WeakSet()
  const reported = new Set()

  const walk = (node, path) => {
    if (!node || typeof node !== 'object' || seenNodes.has(node)) return
    seenNodes.add(node)
    if (!Array.isArray(node) && 'x-enum-descriptions' in node) {
      const descriptions = node['x-enum-descriptions']
      const values = node.enum
      const key = JSON.stringify([values, descriptions])
      let problem = null
      if (!Array.isArray(values)) problem = 'x-enum-descriptions needs a sibling `enum`.'
      else if (!Array.isArray(descriptions))
        problem = 'x-enum-descriptions must be an array (one entry per enum value).'
      else if (descriptions.length !== values.length)
        problem = `x-enum-descriptions has ${descriptions.length} entries but enum has ${values.length} values.`
      else if (descriptions.some((d) => typeof d !== 'string' || d.trim() === ''))
        problem = 'Every x-enum-descriptions entry must be a non-empty string.'
      if (problem && !reported.has(key)) {
        reported.add(key)
        results.push({ message: problem, path: [...path, 'x-enum-descriptions'] })
      }
    }
    for (const [k, v] of Object.entries(node))
      walk(v, [...path, Array.isArray(node) ? Number(k) : k])
  }

  walk(doc, [])
  return results
}
