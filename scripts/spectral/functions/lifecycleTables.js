// Spectral custom function: every status enum (the schema of a `status` property with an `enum`)
// carries an `x-lifecycle` table, the contract's state machine that a backend implements and
// contract-check reads: { initial: [status], final: [status], transitions: [{from, to, when,
// reasons?}], refusals: [{operation, from: [status], code, reasons?, when?}] }. Checked here:
// every status named is a value of the enum; final statuses have no way out and every other
// status has one; every status is reachable from an initial one; each refusal names an existing
// operationId and an ErrorCode that operation documents in a 4xx example. Given the document
// root (resolved); each distinct enum is reported once.
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

function operationsOf(doc) {
  const out = new Map()
  for (const item of Object.values(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method]
      if (!op?.operationId) continue
      const codes = new Set()
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (!/^4/.test(status)) continue
        for (const example of Object.values(
          response?.content?.['application/json']?.examples ?? {},
        ))
          if (typeof example?.value?.code === 'string') codes.add(example.value.code)
      }
      out.set(op.operationId, codes)
    }
  }
  return out
}

function problemsOf(schema, operations) {
  const values = schema.enum
  const table = schema['x-lifecycle']
  if (!table || typeof table !== 'object') return ['A status enum needs an `x-lifecycle` table.']
  const problems = []
  const known = (status, where) => {
    if (!values.includes(status)) problems.push(`${where}: ${status} is not a value of the enum.`)
  }
  for (const key of ['initial', 'final', 'transitions', 'refusals'])
    if (!Array.isArray(table[key])) problems.push(`x-lifecycle.${key} must be an array.`)
  if (problems.length) return problems
  if (table.initial.length === 0) problems.push('x-lifecycle.initial names no status.')
  table.initial.forEach((s) => known(s, 'initial'))
  table.final.forEach((s) => known(s, 'final'))
  for (const t of table.transitions) {
    known(t.from, 'transitions.from')
    known(t.to, 'transitions.to')
    if (typeof t.when !== 'string' || !t.when.trim())
      problems.push(`transition ${t.from} -> ${t.to} needs a \`when\`.`)
  }
  for (const status of values) {
    const out = table.transitions.some((t) => t.from === status)
    if (table.final.includes(status) && out)
      problems.push(`final status ${status} has a transition out.`)
    if (!table.final.includes(status) && !out)
      problems.push(`status ${status} is not final but has no transition out.`)
  }
  const reached = new Set(table.initial)
  for (const status of reached)
    for (const t of table.transitions) if (t.from === status) reached.add(t.to)
  for (const status of values)
    if (!reached.has(status))
      problems.push(`status ${status} cannot be reached from ${table.initial.join(', ')}.`)
  for (const r of table.refusals) {
    if (!Array.isArray(r.from) || r.from.length === 0)
      problems.push(`refusal ${r.operation} ${r.code} names no status.`)
    else r.from.forEach((s) => known(s, `refusal ${r.operation} ${r.code}`))
    const codes = operations.get(r.operation)
    if (!codes) problems.push(`refusal names no operation of the contract: ${r.operation}.`)
    else if (!codes.has(r.code))
      problems.push(
        `refusal ${r.operation} ${r.code}: the operation documents no 4xx example with that code.`,
      )
  }
  return problems
}

export default function lifecycleTables(doc) {
  if (!doc || typeof doc !== 'object') return []
  const operations = operationsOf(doc)
  const results = []
  const seen = new WeakSet()
  const reported = new WeakSet()
  const walk = (node, path) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return
    seen.add(node)
    const status = !Array.isArray(node) && node.properties?.status
    if (status && Array.isArray(status.enum) && !reported.has(status)) {
      reported.add(status)
      for (const message of problemsOf(status, operations))
        results.push({ message, path: [...path, 'properties', 'status'] })
    }
    for (const [k, v] of Object.entries(node))
      walk(v, [...path, Array.isArray(node) ? Number(k) : k])
  }
  walk(doc, [])
  return results
}
