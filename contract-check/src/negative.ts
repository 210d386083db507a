// Negative data (Schemathesis' idea, on a short leash): for a safe operation that takes input,
// a few requests the contract forbids, one rule broken each (wrong type, too long, pattern
// broken, missing required, value outside an enum or range). A conforming server refuses each
// with a documented 4xx and an Error body. Only made on calls that change nothing; the base of
// each payload is the contract's own request example (never the test account's credentials).
import type { Contract, ContractOperation, Json } from './contract'

export type NegativeCase = {
  /** Short name of the rule broken, e.g. `body.username too long`. */
  name: string
  path: string
  query: URLSearchParams
  body?: unknown
}

type Schema = Json & {
  type?: string | string[]
  minLength?: number
  maxLength?: number
  pattern?: string
  minimum?: number
  maximum?: number
  enum?: unknown[]
  required?: string[]
  properties?: Record<string, unknown>
}

const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type)

function matches(pattern: string, value: string) {
  try {
    return new RegExp(pattern, 'u').test(value)
  } catch {
    return false
  }
}

/** A string of the allowed length that breaks the pattern, if one of a few candidates does. */
function patternBreaker(s: Schema): string | undefined {
  if (!s.pattern) return undefined
  const length = Math.min(Math.max(s.minLength ?? 1, 8), s.maxLength ?? 64)
  for (const c of ['!', ' ', 'Ä', 'A', '<', '.']) {
    const value = c.repeat(length)
    if (!matches(s.pattern, value)) return value
  }
  return undefined
}

/** A string longer than maxLength made of a character the pattern accepts, when one does. */
function tooLong(s: Schema): string | undefined {
  if (typeof s.maxLength !== 'number') return undefined
  const fill =
    ['a', '1', 'A', 'x'].find(
      (c) => !s.pattern || matches(s.pattern, c.repeat(s.minLength ?? 1)),
    ) ?? 'a'
  return fill.repeat(s.maxLength + 1)
}

/** The first named example of the JSON request body, or its single `example`. */
function requestExample(contract: Contract, op: ContractOperation): unknown {
  const doc = contract.resolve<Json>({ $ref: '#/paths' })
  const item = contract.resolve<Json>(doc[op.path])
  const body = contract.resolve<Json | undefined>(
    (item[op.method] as Json | undefined)?.requestBody,
  )
  const media = (body?.content as Record<string, Json> | undefined)?.['application/json']
  if (!media) return undefined
  if (media.example !== undefined) return media.example
  const first = Object.values((media.examples ?? {}) as Record<string, unknown>)[0]
  return first === undefined ? undefined : contract.resolve<Json>(first).value
}

export function hasInput(op: ContractOperation): boolean {
  return Boolean(op.requestSchema) || op.parameters.some((p) => p.in === 'query' || p.in === 'path')
}

/**
 * The negative cases of one operation. `sent` is the scenario's own call (its concrete path and
 * query), so everything but the broken rule is what the site sends.
 */
export function negativeCases(
  contract: Contract,
  op: ContractOperation,
  sent: { path: string; query: URLSearchParams; body?: unknown },
  limit = 4,
): NegativeCase[] {
  const cases: NegativeCase[] = []
  const add = (name: string, change: Partial<Omit<NegativeCase, 'name'>>) => {
    if (cases.some((c) => c.name === name) || cases.length >= limit) return
    cases.push({
      name,
      path: change.path ?? sent.path,
      query: change.query ?? new URLSearchParams(sent.query),
      body: 'body' in change ? change.body : sent.body,
    })
  }

  const schema = op.requestSchema as Schema | undefined
  if (schema && typeOf(schema) === 'object' && schema.properties) {
    const example = requestExample(contract, op)
    const base = (example && typeof example === 'object' ? example : (sent.body ?? {})) as Record<
      string,
      unknown
    >
    const props = Object.entries(schema.properties).map(
      ([name, raw]) => [name, contract.resolve<Schema>(raw)] as const,
    )
    const withField = (name: string, value: unknown) => ({ ...base, [name]: value })
    const required = schema.required?.find((name) => name in base)
    const str = props.find(([, s]) => typeOf(s) === 'string')
    const long = props.find(([, s]) => typeOf(s) === 'string' && tooLong(s) !== undefined)
    const broken = props.find(([, s]) => typeOf(s) === 'string' && patternBreaker(s) !== undefined)
    if (long) add(`body.${long[0]} too long`, { body: withField(long[0], tooLong(long[1])) })
    if (broken)
      add(`body.${broken[0]} breaks its pattern`, {
        body: withField(broken[0], patternBreaker(broken[1])),
      })
    if (str) add(`body.${str[0]} of the wrong type`, { body: withField(str[0], 12345) })
    if (required) {
      const { [required]: _dropped, ...rest } = base
      add(`body.${required} missing`, { body: rest })
    }
  }

  for (const p of op.parameters) {
    const s = p.schema as Schema
    if (p.in === 'query') {
      const with_ = (value: string) => {
        const q = new URLSearchParams(sent.query)
        q.set(p.name, value)
        return q
      }
      const t = typeOf(s)
      if ((t === 'integer' || t === 'number') && typeof s.minimum === 'number')
        add(`query ${p.name} below its minimum`, { query: with_(String(s.minimum - 1)) })
      if ((t === 'integer' || t === 'number') && typeof s.maximum === 'number')
        add(`query ${p.name} above its maximum`, { query: with_(String(s.maximum + 1)) })
      if (t === 'integer' || t === 'number')
        add(`query ${p.name} of the wrong type`, { query: with_('abc') })
      if (Array.isArray(s.enum)) add(`query ${p.name} outside its enum`, { query: with_('ZZZ') })
      if (p.required) {
        const q = new URLSearchParams(sent.query)
        q.delete(p.name)
        add(`query ${p.name} missing`, { query: q })
      }
    }
    if (p.in === 'path' && Array.isArray(s.enum)) {
      const path = replacePathParameter(op.path, sent.path, p.name, 'zzz-not-a-value')
      if (path) add(`path ${p.name} outside its enum`, { path })
    }
  }
  return cases
}

/** The concrete path with one template parameter replaced. */
export function replacePathParameter(
  template: string,
  concrete: string,
  name: string,
  value: string,
): string | undefined {
  const t = template.split('/')
  const c = concrete.split('/')
  if (t.length !== c.length) return undefined
  return t
    .map((segment, i) => (segment === `{${name}}` ? encodeURIComponent(value) : c[i]))
    .join('/')
}
