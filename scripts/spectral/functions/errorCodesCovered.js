// Spectral custom function: every value of the ErrorCode enum (read from the resolved `code` of
// the per-code error schemas the 4xx/5xx responses name: `allOf: [ErrorCode]`) must appear as
// `code` in at least one named example of a 4xx/5xx application/json response. Given the
// document root (resolved).
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

export default function errorCodesCovered(doc) {
  if (!doc || typeof doc !== 'object' || !doc.paths) return []
  const declared = new Set()
  const used = new Set()
  let enumPath = null

  for (const [path, item] of Object.entries(doc.paths)) {
    if (!item || typeof item !== 'object') continue
    for (const method of METHODS) {
      const responses = item[method]?.responses
      if (!responses || typeof responses !== 'object') continue
      for (const [status, response] of Object.entries(responses)) {
        if (!/^[45]/.test(status)) continue
        const media = response?.content?.['application/json']
        if (!media) continue
        const members = media.schema?.oneOf ?? [media.schema]
        for (const member of members) {
          const codeEnum = member?.properties?.code?.allOf?.find((p) =>
            Array.isArray(p?.enum),
          )?.enum
          if (!Array.isArray(codeEnum)) continue
          for (const code of codeEnum) declared.add(code)
          enumPath ??= [
            'paths',
            path,
            method,
            'responses',
            status,
            'content',
            'application/json',
            'schema',
          ]
        }
        for (const example of Object.values(media.examples ?? {})) {
          const code = example?.value?.code
          if (typeof code === 'string') used.add(code)
        }
      }
    }
  }

  if (declared.size === 0) {
    return [
      {
        message: 'No 4xx/5xx response names an error schema whose `code` is an ErrorCode.',
        path: ['paths'],
      },
    ]
  }
  return [...declared]
    .filter((code) => !used.has(code))
    .map((code) => ({
      message: `ErrorCode ${code} appears in no named example of a 4xx/5xx response.`,
      path: enumPath,
    }))
}
