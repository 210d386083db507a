// Spectral custom function: every 4xx/5xx response of every operation names the error codes it
// can carry, and its examples keep to them (decision 001, "Error codes per operation").
//
// A response names its codes by its schema: one per-code error schema (components/schemas/
// errors.yaml), or a `oneOf` of several with `discriminator: {propertyName: code}` whose mapping
// lists the same codes. A per-code schema is a closed object with `code` (`allOf: [ErrorCode]`
// plus `const: CODE`), `message` and `requestId` required, and a description that opens with the
// code's one HTTP status (`HTTP 409.`). Then:
// - each code is a value of ErrorCode and is named once in the response;
// - the response's status is the code's status;
// - every named example has one of the response's codes and fills what that code requires
//   (`details` with each required key, `fields`), and nothing its schema does not list;
// - every code the response names has a named example (the mock serves it by name).
// Given the document root (resolved).
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

const isObject = (value) => Boolean(value) && typeof value === 'object' && !Array.isArray(value)

// Spectral 6.16 leaves some `$ref`s three files deep unresolved (`{$ref: './common.yaml#/ErrorCode'}`
// inside a schema reached through components/responses.yaml): such a reference to ErrorCode is
// read as the ErrorCode enum found resolved elsewhere in the document.
const namesErrorCode = (part) => typeof part?.$ref === 'string' && part.$ref.endsWith('#/ErrorCode')

/** The ErrorCode enum, from the first per-code error schema where it is resolved. */
function findCatalogue(doc) {
  for (const item of Object.values(doc?.paths ?? {})) {
    for (const method of METHODS) {
      for (const response of Object.values(item?.[method]?.responses ?? {})) {
        const schema = response?.content?.['application/json']?.schema
        for (const member of schema?.oneOf ?? [schema]) {
          const found = member?.properties?.code?.allOf?.find((p) => Array.isArray(p?.enum))
          if (found) return found.enum
        }
      }
    }
  }
  return undefined
}

/** The code a per-code error schema stands for, with what it requires, or a problem. */
function codeSchema(schema, errorCodes) {
  if (!isObject(schema) || schema.type !== 'object' || schema.additionalProperties !== false)
    return { problem: 'is not a closed object error schema' }
  const required = Array.isArray(schema.required) ? schema.required : []
  const missing = ['code', 'message', 'requestId'].filter((key) => !required.includes(key))
  if (missing.length) return { problem: `does not require ${missing.join(', ')}` }
  const code = schema.properties?.code
  if (typeof code?.const !== 'string') return { problem: 'has no `code` const (its code)' }
  const parts = code.allOf ?? []
  const catalogue =
    parts.find((part) => Array.isArray(part?.enum))?.enum ??
    (parts.some(namesErrorCode) ? errorCodes : undefined)
  if (!catalogue) return { problem: `(${code.const}) does not say its code is an ErrorCode` }
  if (!catalogue.includes(code.const))
    return { problem: `names ${code.const}, which is not a value of ErrorCode` }
  const status = /^HTTP (\d{3})\./.exec(String(schema.description ?? ''))?.[1]
  if (!status)
    return { problem: `(${code.const}) description must open with its status (HTTP 4xx.)` }
  const details = schema.properties.details
  return {
    code: code.const,
    status,
    allowed: new Set(Object.keys(schema.properties)),
    requires: required,
    detailKeys: new Set(Object.keys(details?.properties ?? {})),
    detailsRequired: Array.isArray(details?.required) ? details.required : [],
  }
}

/** Problems of one example against the codes of its response. */
function exampleProblems(name, value, byCode) {
  const code = value?.code
  const own = byCode.get(code)
  if (!own) return [`example ${name} has code ${code}, which this response does not name`]
  const problems = []
  for (const key of own.requires) {
    if (value[key] === undefined) problems.push(`example ${name} (${code}) lacks \`${key}\``)
  }
  for (const key of Object.keys(value)) {
    if (!own.allowed.has(key))
      problems.push(`example ${name} (${code}) has \`${key}\`, which ${code} does not carry`)
  }
  const details = isObject(value.details) ? value.details : {}
  for (const key of own.detailsRequired) {
    if (details[key] === undefined)
      problems.push(`example ${name} (${code}) lacks details.${key}, which ${code} fills`)
  }
  for (const key of Object.keys(details)) {
    if (!own.detailKeys.has(key))
      problems.push(`example ${name} (${code}) has details.${key}, which ${code} does not carry`)
  }
  return problems
}

function responseProblems(status, response, errorCodes) {
  const media = response?.content?.['application/json']
  const schema = media?.schema
  if (!isObject(schema))
    return [{ at: [], message: 'names no error codes (no application/json schema)' }]
  const at = ['content', 'application/json', 'schema']
  const members = Array.isArray(schema.oneOf) ? schema.oneOf : [schema]
  const problems = []
  const byCode = new Map()
  members.forEach((member, i) => {
    const read = codeSchema(member, errorCodes)
    const where = schema.oneOf ? [...at, 'oneOf', i] : at
    if (read.problem) {
      problems.push({ at: where, message: `error schema ${read.problem}` })
      return
    }
    if (byCode.has(read.code)) problems.push({ at: where, message: `names ${read.code} twice` })
    if (read.status !== status)
      problems.push({
        at: where,
        message: `${read.code} is an HTTP ${read.status} code, not ${status}`,
      })
    byCode.set(read.code, read)
  })
  if (schema.oneOf) {
    const discriminator = schema.discriminator
    const mapped = Object.keys(discriminator?.mapping ?? {}).sort()
    if (discriminator?.propertyName !== 'code')
      problems.push({
        at,
        message: 'a oneOf of error schemas needs `discriminator: {propertyName: code}`',
      })
    else if (mapped.join() !== [...byCode.keys()].sort().join())
      problems.push({
        at: [...at, 'discriminator', 'mapping'],
        message: `the discriminator maps ${mapped.join(', ') || 'nothing'}; the oneOf names ${[...byCode.keys()].join(', ')}`,
      })
  }
  if (byCode.size === 0) return problems
  const examples = Object.entries(media.examples ?? {})
  const exampled = new Set()
  for (const [name, example] of examples) {
    exampled.add(example?.value?.code)
    for (const message of exampleProblems(name, example?.value, byCode))
      problems.push({ at: ['content', 'application/json', 'examples', name], message })
  }
  for (const code of byCode.keys()) {
    if (!exampled.has(code))
      problems.push({
        at: ['content', 'application/json', 'examples'],
        message: `names ${code} but has no example of it`,
      })
  }
  return problems
}

export default function errorCodesPerResponse(doc) {
  const results = []
  const errorCodes = findCatalogue(doc)
  if (!errorCodes)
    return [{ message: 'No error schema names the ErrorCode enum.', path: ['paths'] }]
  for (const [path, item] of Object.entries(doc?.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method]
      if (!isObject(op?.responses)) continue
      for (const [status, response] of Object.entries(op.responses)) {
        if (!/^[45]\d\d$/.test(status)) continue
        for (const { at, message } of responseProblems(status, response, errorCodes)) {
          results.push({
            message: `${op.operationId} ${status} ${message}.`,
            path: ['paths', path, method, 'responses', status, ...at],
          })
        }
      }
    }
  }
  return results
}
