// Bodies from the contract's schemas, seeded: json-schema-faker (what Prism's dynamic mode
// uses) draws them, a schema transform per variant pushes them to the bounds the contract
// allows, and ajv proves each one valid before it is served. The mutations of the
// outside-contract cases start from such a valid body and break exactly one thing.
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { JSONSchemaFaker, type JSONSchemaFakerOptions } from 'json-schema-faker'
import type { Schema } from './contract'
import { seededRandom } from '../scripts/seeded-random.mjs'

/** The seeded random source of a run (mulberry32): the same seed gives the same run. */
export const rng = seededRandom

/** A stable 32-bit seed from parts (FNV-1a), so a call's body does not depend on timing. */
export function seedOf(...parts: (string | number)[]) {
  let hash = 0x811c9dc5
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0)!
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!
}

/** How a valid body leans: anywhere in the contract's ranges, or at their low or high ends. */
export type Variant = 'random' | 'min' | 'max'

/** The length of the longest arrays when the contract sets no maxItems (a generous bound). */
export const UNBOUNDED_ITEMS = 500
/** A long text when the contract sets no maxLength (a longer name from a new release). */
const UNBOUNDED_LENGTH = 120

const isNullable = (schema: Schema) =>
  (Array.isArray(schema.type) && schema.type.includes('null')) ||
  [schema.anyOf, schema.oneOf].some(
    (list) => Array.isArray(list) && list.some((s: Schema) => s.type === 'null'),
  )

const typeOf = (schema: Schema) =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type

/** A random draw's longest array when the contract sets no maxItems (keeps pages quick). */
const RANDOM_ITEMS = 6

/**
 * Rewrites a schema so json-schema-faker draws at the low or the high end of each range
 * (`random` only bounds the arrays the contract leaves open).
 */
function lean(schema: Schema, variant: Variant): Schema {
  if (!schema || typeof schema !== 'object') return schema
  if (variant === 'min' && isNullable(schema)) return { type: 'null' }
  const out: Schema = { ...schema }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(out[key])) out[key] = (out[key] as Schema[]).map((s) => lean(s, variant))
  }
  if (out.properties) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties as Record<string, Schema>).map(([k, v]) => [
        k,
        lean(v, variant),
      ]),
    )
  }
  if (out.items) out.items = lean(out.items as Schema, variant)
  const type = typeOf(out)
  const free = out.enum === undefined && out.const === undefined && out.format === undefined
  if (variant === 'random') {
    if (type === 'array' && out.maxItems === undefined) {
      out.maxItems = Math.max((out.minItems as number | undefined) ?? 0, RANDOM_ITEMS)
    }
    return out
  }
  if (type === 'string' && free && out.pattern === undefined) {
    const min = (out.minLength as number | undefined) ?? 0
    const max = (out.maxLength as number | undefined) ?? UNBOUNDED_LENGTH
    if (variant === 'min') out.maxLength = Math.max(min, 1)
    else out.minLength = max
    out.maxLength ??= max
  }
  if (type === 'array') {
    const min = (out.minItems as number | undefined) ?? 0
    const max = (out.maxItems as number | undefined) ?? UNBOUNDED_ITEMS
    if (variant === 'min') out.maxItems = min
    else out.minItems = max
  }
  if ((type === 'integer' || type === 'number') && free) {
    const bound = variant === 'min' ? out.minimum : out.maximum
    if (typeof bound === 'number') out.const = bound
  }
  return out
}

const ajv = new Ajv2020({ strict: false, allErrors: false })
addFormats(ajv)
const validators = new WeakMap<Schema, ReturnType<typeof ajv.compile>>()

/** Whether a body is what the contract allows for this schema. */
export function isValid(schema: Schema, body: unknown) {
  let validate = validators.get(schema)
  if (!validate) {
    validate = ajv.compile(schema)
    validators.set(schema, validate)
  }
  return validate(body) ? undefined : ajv.errorsText(validate.errors)
}

/**
 * Lorem text cut at a maxLength can end in "null" ("nulla" cut short): a word that the
 * oracle reads as a value shown raw. Such words get one letter changed (same length).
 */
function unmask(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.replace(/\b(null|undefined|NaN)\b/g, (word) => `${word.slice(0, -1)}x`)
  }
  if (Array.isArray(value)) return value.map(unmask)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unmask(v)]))
  }
  return value
}

/**
 * A valid body for the schema, drawn from `seed`. A variant whose bounds cannot all hold at
 * once (a pattern with a length, say) falls back to a random draw; the body is checked with
 * ajv either way and never served unless valid.
 */
export function generate(schema: Schema, variant: Variant, seed: number): unknown {
  const attempts: Variant[] = [variant, variant, 'random', 'random', 'random']
  let lastError = ''
  for (const [index, attempt] of attempts.entries()) {
    // minDateTime/maxDateTime and a null optionalsProbability are options the typings omit.
    const options: Record<string, unknown> = {
      random: rng(seed + index),
      alwaysFakeOptionals: attempt === 'max',
      requiredOnly: attempt === 'min',
      optionalsProbability: null,
      failOnInvalidTypes: false,
      failOnInvalidFormat: false,
      fillProperties: false,
      minDateTime: new Date('2020-01-01T00:00:00Z'),
      maxDateTime: new Date('2030-12-31T00:00:00Z'),
    }
    JSONSchemaFaker.option(options as JSONSchemaFakerOptions)
    const source = lean(schema, attempt)
    const body = unmask(JSONSchemaFaker.generate(structuredClone(source) as never) as unknown)
    const error = isValid(schema, body)
    if (!error) return body
    lastError = error
  }
  throw new Error(`no valid body drawn for this schema: ${lastError}`)
}

type Path = (string | number)[]

/** Every place in a body where the schema says something, with that schema. */
function walk(schema: Schema, body: unknown, path: Path = []): { path: Path; schema: Schema }[] {
  const found = [{ path, schema }]
  if (Array.isArray(body) && schema.items) {
    body.forEach((item, i) => found.push(...walk(schema.items as Schema, item, [...path, i])))
  } else if (body && typeof body === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, Schema>
    for (const [key, value] of Object.entries(body)) {
      if (properties[key]) found.push(...walk(properties[key], value, [...path, key]))
    }
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = schema[key] as Schema[] | undefined
    const fits = options?.find((option) => !isValid(option, body))
    if (fits) found.push(...walk(fits, body, path).slice(1))
  }
  return found
}

function at(body: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], body)
}

function setAt(body: unknown, path: Path, value: unknown) {
  const parent = at(body, path.slice(0, -1)) as Record<string | number, unknown>
  if (value === undefined) delete parent[path.at(-1)!]
  else parent[path.at(-1)!] = value
}

const describe = (path: Path) => (path.length ? path.join('.') : '(body)')

/** Outside-contract mutations of a valid JSON body; each says what it broke. */
export const MUTATIONS = {
  'missing-required'(schema, body, random) {
    const places = walk(schema, body).flatMap(({ path, schema: s }) => {
      const node = at(body, path)
      if (!node || typeof node !== 'object' || Array.isArray(node)) return []
      // A field with a documented default may be absent: the contract says what that means.
      const properties = (s.properties ?? {}) as Record<string, Schema>
      return ((s.required ?? []) as string[])
        .filter((key) => key in node && properties[key]?.default === undefined)
        .map((key) => [...path, key])
    })
    if (!places.length) return undefined
    const path = pick(random, places)
    setAt(body, path, undefined)
    return `removed required ${describe(path)}`
  },
  'wrong-type'(schema, body, random) {
    const places = walk(schema, body).filter(({ path }) => path.length)
    if (!places.length) return undefined
    const { path } = pick(random, places)
    const value = at(body, path)
    const wrong =
      typeof value === 'string'
        ? 12345
        : typeof value === 'number'
          ? 'twelve'
          : Array.isArray(value)
            ? { items: value.length }
            : value && typeof value === 'object'
              ? 'object expected'
              : [value]
    setAt(body, path, wrong)
    return `${describe(path)} as ${Array.isArray(wrong) ? 'array' : typeof wrong}`
  },
  'unknown-enum'(schema, body, random) {
    const places = walk(schema, body).filter(
      ({ path, schema: s }) => path.length && Array.isArray(s.enum),
    )
    if (!places.length) return undefined
    const { path } = pick(random, places)
    setAt(body, path, 'FUZZ_NEW_VALUE')
    return `${describe(path)} = FUZZ_NEW_VALUE`
  },
  'extra-field'(schema, body) {
    const objects = walk(schema, body).filter(({ path }) => {
      const node = at(body, path)
      return node && typeof node === 'object' && !Array.isArray(node)
    })
    for (const { path } of objects) {
      ;(at(body, path) as Record<string, unknown>).fuzzExtra = { added: 'by a newer backend' }
    }
    return objects.length ? `fuzzExtra added to ${objects.length} objects` : undefined
  },
} satisfies Record<
  string,
  (schema: Schema, body: unknown, random: () => number) => string | undefined
>
