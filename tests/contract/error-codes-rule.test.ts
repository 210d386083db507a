// The Spectral rule error-codes-per-response (scripts/spectral/functions/errorCodesPerResponse.js)
// on the bundled contract and on copies broken one way each: it must pass the contract and name
// each break.
import { describe, expect, it } from 'vitest'
import errorCodesPerResponse from '../../scripts/spectral/functions/errorCodesPerResponse.js'
import { spec } from './spec'

type Json = Record<string, unknown>

/** The contract with every local `$ref` replaced by its target (what Spectral's rules see). */
function resolved(): Json {
  const doc = structuredClone(spec) as unknown as Json
  const seen = new Map<string, unknown>()
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk)
    if (!node || typeof node !== 'object') return node
    const ref = (node as { $ref?: unknown }).$ref
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      if (!seen.has(ref)) {
        const target = ref
          .slice(2)
          .split('/')
          .reduce<unknown>((at, key) => (at as Json)?.[key.replaceAll('~1', '/')], doc)
        seen.set(ref, {})
        seen.set(ref, walk(target))
      }
      return seen.get(ref)
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]))
  }
  return walk(doc) as Json
}

type Media = { schema: Json; examples: Record<string, { value: Json }> }
const responsesOf = (doc: Json, path: string, method: string) =>
  (doc.paths as Record<string, Record<string, Json>>)[path]![method]!.responses as Record<
    string,
    { content: { 'application/json': Media } }
  >

const messages = (doc: Json) =>
  (errorCodesPerResponse(doc) as { message: string }[]).map((r) => r.message)

describe('Spectral rule error-codes-per-response', () => {
  it('passes the contract', () => {
    expect(messages(resolved())).toEqual([])
  })

  it('names an example whose code the response does not list', () => {
    const doc = resolved()
    const login = responsesOf(doc, '/v2/players/login', 'post')['400']!.content['application/json']
    login.examples.LOGIN_FAILED = {
      value: { ...login.examples.LOGIN_FAILED!.value, code: 'USERNAME_EXISTS' },
    }
    expect(messages(doc)).toContain(
      'loginPlayer 400 example LOGIN_FAILED has code USERNAME_EXISTS, which this response does not name.',
    )
  })

  it('names an example that leaves out a detail its code fills', () => {
    const doc = resolved()
    const quote = responsesOf(doc, '/v2/withdraws/quote', 'get')['422']!.content['application/json']
    const example = quote.examples.INSUFFICIENT_CREDIT!.value
    quote.examples.INSUFFICIENT_CREDIT = {
      value: { ...example, details: { ...(example.details as Json), provider: undefined } },
    }
    expect(messages(doc)).toContain(
      'quoteWithdraw 422 example INSUFFICIENT_CREDIT (INSUFFICIENT_CREDIT) lacks details.provider, which INSUFFICIENT_CREDIT fills.',
    )
  })

  it('names a response that lists no codes, and a code outside ErrorCode', () => {
    const doc = resolved()
    const responses = responsesOf(doc, '/v2/players/login', 'post')
    responses['400']!.content['application/json'].schema = { type: 'object' }
    const register = responsesOf(doc, '/v2/players/register', 'post')['409']!.content[
      'application/json'
    ]
    register.schema = structuredClone(register.schema)
    ;((register.schema.properties as Json).code as Json).const = 'USERNAME_TAKEN'
    expect(messages(doc)).toEqual(
      expect.arrayContaining([
        'loginPlayer 400 error schema is not a closed object error schema.',
        'registerPlayer 409 error schema names USERNAME_TAKEN, which is not a value of ErrorCode.',
      ]),
    )
  })

  it('names a code listed under another status than its own', () => {
    const doc = resolved()
    const login = responsesOf(doc, '/v2/players/login', 'post')
    login['409'] = login['400']!
    expect(messages(doc)).toContain('loginPlayer 409 LOGIN_FAILED is an HTTP 400 code, not 409.')
  })
})
