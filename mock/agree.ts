// An answer that agrees with its request, read from the same contract annotations that
// contract-check's agreement and promise checks read (contract-check/src/context-checks.ts),
// so the mock and the checker cannot disagree about what "agree" means:
// - a request value (path or query parameter, top-level scalar body property) is repeated in
//   the answer's top-level property of the same name, or the one the input's `x-answered-as`
//   names (checkDeposit's path `orderId` is the answer's `id`);
// - a property the contract marks `x-unique` (Error.requestId: "one per answer") gets a fresh
//   value in every answer, in the example value's own shape (`req_` + as many characters), so it
//   stays valid against the schema (the layer validates every built body anyway).
// Nothing here names an operation.
import { randomBytes } from 'node:crypto'
import type { Contract, OperationInfo } from './contract'
import { mapValues } from './dates'

type Json = Record<string, unknown>

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isScalar = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value)

/** An input of an operation and the answer's property that repeats it, if the contract says. */
export type Input = { in: 'path' | 'query' | 'body'; name: string; answeredAs?: string }

export type Agreement = {
  /** Property names the contract promises are new in every answer (`x-unique: true`). */
  unique: ReadonlySet<string>
  /** True for a string some example of the contract carries (an id of the example world). */
  known(value: string): boolean
  inputs(op: OperationInfo): Input[]
}

/** Follows internal `$ref`s (`#/components/...`) of the bundled contract. */
function resolver(document: Json) {
  return (node: unknown): unknown => {
    let current = node
    for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
      if (hops > 20) throw new Error('$ref cycle in the contract')
      current = current.$ref
        .slice(2)
        .split('/')
        .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'))
        .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), document)
    }
    return current
  }
}

const cache = new WeakMap<Contract, Agreement>()

export function agreementOf(contract: Contract): Agreement {
  const known = cache.get(contract)
  if (known) return known
  const document = contract.document
  const resolve = resolver(document)
  const unique = new Set<string>()
  const seen = new Set<unknown>()
  const collect = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return
    seen.add(node)
    if (isObject(node) && isObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        if (isObject(property) && property['x-unique'] === true) unique.add(name)
        const target = resolve(property)
        if (isObject(target) && target['x-unique'] === true) unique.add(name)
      }
    }
    for (const child of Object.values(node)) collect(child)
  }
  collect(document.components)
  collect(document.paths)

  const values = new Set<string>()
  for (const op of contract.all()) {
    for (const named of op.examples.values()) {
      for (const example of named.values()) {
        mapValues(example, (value) => typeof value === 'string' && values.add(value))
      }
    }
  }

  const inputs = new Map<string, Input[]>()
  const agreement: Agreement = {
    unique,
    known: (value) => values.has(value),
    inputs(op) {
      const found = inputs.get(op.id)
      if (found) return found
      const paths = document.paths as Record<string, Json> | undefined
      const item = paths?.[op.path] ?? {}
      const operation = isObject(item[op.method]) ? (item[op.method] as Json) : {}
      const out: Input[] = []
      for (const raw of [
        ...(Array.isArray(item.parameters) ? (item.parameters as unknown[]) : []),
        ...(Array.isArray(operation.parameters) ? (operation.parameters as unknown[]) : []),
      ]) {
        const p = resolve(raw)
        if (!isObject(p) || (p.in !== 'path' && p.in !== 'query') || typeof p.name !== 'string')
          continue
        const alias = p['x-answered-as']
        out.push({
          in: p.in,
          name: p.name,
          answeredAs: typeof alias === 'string' ? alias : undefined,
        })
      }
      const body = resolve(operation.requestBody)
      const content = isObject(body) && isObject(body.content) ? body.content : {}
      const json = content['application/json']
      const schema = resolve(isObject(json) ? json.schema : undefined)
      const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {}
      for (const [name, raw] of Object.entries(properties)) {
        const alias = isObject(raw) ? raw['x-answered-as'] : undefined
        out.push({ in: 'body', name, answeredAs: typeof alias === 'string' ? alias : undefined })
      }
      inputs.set(op.id, out)
      return out
    },
  }
  cache.set(contract, agreement)
  return agreement
}

/** A new value in the shape of `example`: its prefix up to the last `_`, then random A-Z0-9. */
export function freshValue(example: string, fallbackPrefix = 'mock_'): string {
  const cut = example.lastIndexOf('_')
  const prefix = cut >= 0 ? example.slice(0, cut + 1) : fallbackPrefix
  const length = Math.max(12, example.length - prefix.length)
  const random = randomBytes(Math.ceil(length / 2))
    .toString('hex')
    .toUpperCase()
    .slice(0, length)
  return prefix + random
}

/** Every `x-unique` string of the body replaced by a fresh value of the same shape. */
export function withFreshUnique(body: unknown, unique: ReadonlySet<string>): unknown {
  return mapValues(body, (value, key) =>
    unique.has(key) && typeof value === 'string' ? freshValue(value) : value,
  )
}

/** The value sent, typed as the answer's value it replaces (a number answers a number). */
function typedLike(answered: unknown, sent: unknown): unknown {
  if (typeof answered === typeof sent) return sent
  const text = String(sent)
  if (typeof answered === 'number') {
    const n = Number(text)
    return Number.isFinite(n) ? n : answered
  }
  if (typeof answered === 'boolean') return text === 'true'
  return text
}

export type Sent = {
  pathParams: Record<string, string>
  query: URLSearchParams
  body: unknown
}

/**
 * The answer's top-level properties that repeat a request value, set to the value sent.
 * Returns the answer unchanged when nothing applies.
 */
export function agreeWithRequest(answer: unknown, inputs: Input[], sent: Sent): unknown {
  if (!isObject(answer)) return answer
  let out: Json | undefined
  for (const input of inputs) {
    const value =
      input.in === 'path'
        ? sent.pathParams[input.name]
        : input.in === 'query'
          ? (sent.query.get(input.name) ?? undefined)
          : isObject(sent.body)
            ? sent.body[input.name]
            : undefined
    if (value === undefined || value === null || !isScalar(value)) continue
    const field =
      input.name in answer
        ? input.name
        : input.answeredAs && input.answeredAs in answer
          ? input.answeredAs
          : undefined
    if (!field || !isScalar(answer[field])) continue
    const typed = typedLike(answer[field], value)
    if (typed === answer[field]) continue
    out ??= { ...answer }
    out[field] = typed
  }
  return out ?? answer
}
