// Spectral custom function: the load and retry rules of the contract. Every operation that takes
// an Idempotency-Key, and every one marked `x-rate-limited: true` (login, register, username
// validation, the withdraw quote), documents a 429 with a `Retry-After` header and a RATE_LIMITED
// example; every 2xx answer of a keyed operation documents the `Idempotent-Replayed` header.
// Given the document root (resolved).
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

export default function rateLimitsAndReplays(doc) {
  const results = []
  for (const [path, item] of Object.entries(doc?.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method]
      if (!op) continue
      const at = ['paths', path, method]
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])]
      const keyed = parameters.some((p) => p?.in === 'header' && p?.name === 'Idempotency-Key')
      if (!keyed && op['x-rate-limited'] !== true) continue
      const limited = op.responses?.['429']
      const examples = Object.values(limited?.content?.['application/json']?.examples ?? {})
      if (!limited)
        results.push({
          message: `${op.operationId} needs a 429 RATE_LIMITED answer.`,
          path: [...at, 'responses'],
        })
      else {
        if (!limited.headers?.['Retry-After'])
          results.push({
            message: `${op.operationId} 429 needs a Retry-After header.`,
            path: [...at, 'responses', '429'],
          })
        if (!examples.some((e) => e?.value?.code === 'RATE_LIMITED'))
          results.push({
            message: `${op.operationId} 429 needs a RATE_LIMITED example.`,
            path: [...at, 'responses', '429'],
          })
      }
      if (!keyed) continue
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (/^2/.test(status) && !response?.headers?.['Idempotent-Replayed'])
          results.push({
            message: `${op.operationId} ${status}: a keyed answer documents the Idempotent-Replayed header.`,
            path: [...at, 'responses', status],
          })
      }
    }
  }
  return results
}
