// The bundled contract as the checks read it at run time: operations by method and path,
// documented statuses and media types, parameters and request body schemas (for negative data
// and the Idempotency-Key check), the ErrorCode enum and the session cookie's name.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { followRef } from '../../scripts/contract-ref.mjs'
import { readLifecycles, type Lifecycle } from './lifecycles'

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const
export type HttpMethod = (typeof HTTP_METHODS)[number]

export type Json = Record<string, unknown>
type ResponseObject = { content?: Record<string, unknown>; headers?: Record<string, unknown> }
export type Parameter = {
  name: string
  in: 'query' | 'header' | 'path' | 'cookie'
  required: boolean
  /** Resolved schema (its own nested `$ref`s resolve through `Contract.resolve`). */
  schema: Json
  /** The parameter's own `x-` annotations (e.g. `x-answered-as`). */
  extensions: Json
}
export type ContractOperation = {
  operationId: string
  method: HttpMethod
  path: string
  /** Documented response keys as written: '200', '4XX', 'default'. */
  statuses: string[]
  responses: Record<string, ResponseObject>
  /** Whether the operation needs the session (its effective security is not empty). */
  secured: boolean
  /** Path-level and operation-level parameters, resolved. */
  parameters: Parameter[]
  /** Schema of the JSON request body, resolved, when there is one. */
  requestSchema?: Json
  /**
   * The error codes each 4xx/5xx response names (its per-code error schemas, `code: const`),
   * by status; a response whose schema names no codes (an older contract's one `Error`) is
   * absent, and its answers are judged against ErrorCode only.
   */
  errorCodes: Record<string, readonly string[]>
  /** The operation's own `x-` annotations (`x-repeat-refused`). */
  extensions: Json
}

export type Contract = {
  file: string
  info: { title: string; version: string }
  operations: Map<string, ContractOperation>
  errorCodes: ReadonlySet<string>
  /** The status enums' `x-lifecycle` tables (./lifecycles.ts). */
  lifecycles: Lifecycle[]
  /** Cookie name of the first `apiKey in: cookie` security scheme (`sid`). */
  sessionCookie: string | undefined
  /** The attributes the scheme promises for that cookie (`x-cookie-attributes`). */
  cookieAttributes: Json
  /** Follows local `$ref`s of this document. */
  resolve<T = Json>(node: unknown): T
}

/** The `x-` keys of a node as written (before `$ref`s are followed, so siblings of a `$ref` count). */
export function extensionsOf(node: unknown): Json {
  if (!node || typeof node !== 'object') return {}
  return Object.fromEntries(Object.entries(node).filter(([k]) => k.startsWith('x-')))
}

/** Follows local `$ref`s ('#/components/...') until a value is reached (the site's one follower). */
function deref<T>(doc: Json, value: unknown): T {
  return followRef<T>(doc, value)
}

/**
 * The codes an error response names: the `code` const of its schema, or of each schema of its
 * `oneOf` (decision 001, "Error codes per operation"). Empty when it names none.
 */
function namedErrorCodes(doc: Json, response: ResponseObject): string[] {
  const media = response.content?.['application/json'] as Json | undefined
  const schema = deref<Json | undefined>(doc, media?.schema)
  if (!schema) return []
  const members = Array.isArray(schema.oneOf) ? (schema.oneOf as unknown[]) : [schema]
  const codes = members.map((member) => {
    const code = deref<Json | undefined>(doc, member)?.properties as Json | undefined
    return deref<Json | undefined>(doc, code?.code)?.const
  })
  return codes.every((code) => typeof code === 'string') ? (codes as string[]) : []
}

export function parseContract(text: string, file: string): Contract {
  const doc = parse(text) as Json
  if (!doc || typeof doc !== 'object' || !('paths' in doc)) {
    throw new Error(`${file} is not an OpenAPI document`)
  }
  const paths = (doc.paths ?? {}) as Record<string, Json>
  const globalSecurity = (doc.security ?? []) as unknown[]
  const operations = new Map<string, ContractOperation>()
  const toParameter = (raw: unknown): Parameter => {
    const p = deref<Json>(doc, raw)
    return {
      name: String(p.name),
      in: p.in as Parameter['in'],
      required: Boolean(p.required),
      schema: deref<Json>(doc, p.schema ?? {}),
      extensions: extensionsOf(p),
    }
  }
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref<Json>(doc, rawItem)
    const shared = ((item.parameters ?? []) as unknown[]).map(toParameter)
    for (const method of HTTP_METHODS) {
      const op = item[method] as Json | undefined
      if (!op) continue
      const rawResponses = (op.responses ?? {}) as Record<string, unknown>
      const responses = Object.fromEntries(
        Object.entries(rawResponses).map(([status, r]) => [status, deref<ResponseObject>(doc, r)]),
      )
      const security = (op.security ?? globalSecurity) as Json[]
      const secured = security.length > 0 && !security.some((req) => Object.keys(req).length === 0)
      const own = ((op.parameters ?? []) as unknown[]).map(toParameter)
      const parameters = [
        ...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)),
        ...own,
      ]
      const body = deref<Json | undefined>(doc, op.requestBody)
      const media = (body?.content as Record<string, Json> | undefined)?.['application/json']
      const operationId = String(op.operationId)
      const errorCodes: Record<string, readonly string[]> = {}
      for (const [status, response] of Object.entries(responses)) {
        if (!/^[45]/.test(status)) continue
        const codes = namedErrorCodes(doc, response)
        if (codes.length) errorCodes[status] = codes
      }
      operations.set(operationId, {
        operationId,
        method,
        path,
        statuses: Object.keys(responses),
        responses,
        secured,
        parameters,
        requestSchema: media?.schema ? deref<Json>(doc, media.schema) : undefined,
        errorCodes,
        extensions: extensionsOf(op),
      })
    }
  }
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>
  const errorCodes = new Set(((schemas.ErrorCode?.enum ?? []) as unknown[]).map(String))
  const schemes = ((doc.components as Json | undefined)?.securitySchemes ?? {}) as Record<
    string,
    Json
  >
  const cookieScheme = Object.values(schemes).find((s) => s.type === 'apiKey' && s.in === 'cookie')
  const info = (doc.info ?? {}) as Json
  return {
    file,
    info: { title: String(info.title ?? ''), version: String(info.version ?? '') },
    operations,
    errorCodes,
    lifecycles: readLifecycles(schemas),
    sessionCookie: cookieScheme ? String(cookieScheme.name) : undefined,
    cookieAttributes: (cookieScheme?.['x-cookie-attributes'] ?? {}) as Json,
    resolve: <T>(node: unknown) => deref<T>(doc, node),
  }
}

export function loadContract(file: string): Contract {
  return parseContract(readFileSync(file, 'utf8'), file)
}

/** The documented response for a status: exact key, then '4XX'-style range, then 'default'. */
export function documentedResponse(
  op: ContractOperation,
  status: number,
): ResponseObject | undefined {
  return (
    op.responses[String(status)] ??
    op.responses[`${String(status)[0]}XX`] ??
    op.responses[`${String(status)[0]}xx`] ??
    op.responses.default
  )
}

/** A header parameter the operation declares, by case-insensitive name. */
export function headerParameter(op: ContractOperation, name: string): Parameter | undefined {
  return op.parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === name.toLowerCase())
}
