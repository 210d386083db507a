// The bundled contract as the drift check reads it at run time: operations by method and path,
// documented statuses and media types, the ErrorCode enum and the session cookie's name.
// (The tests read the same bundle through tests/contract/spec.ts.)
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const
export type HttpMethod = (typeof HTTP_METHODS)[number]

type Json = Record<string, unknown>
type ResponseObject = { content?: Record<string, unknown>; headers?: Record<string, unknown> }
export type ContractOperation = {
  operationId: string
  method: HttpMethod
  path: string
  /** Documented response keys as written: '200', '4XX', 'default'. */
  statuses: string[]
  responses: Record<string, ResponseObject>
  /** Whether the operation needs the session (its effective security is not empty). */
  secured: boolean
}

export type Contract = {
  file: string
  operations: Map<string, ContractOperation>
  errorCodes: ReadonlySet<string>
  /** Cookie name of the first `apiKey in: cookie` security scheme (`sid`). */
  sessionCookie: string | undefined
}

/** Follows local `$ref`s ('#/components/...') until a value is reached (bounded). */
function deref<T>(doc: Json, value: unknown): T {
  let current = value
  for (
    let hops = 0;
    hops < 32 && current && typeof current === 'object' && '$ref' in current;
    hops++
  ) {
    const ref = String((current as { $ref: unknown }).$ref)
    if (!ref.startsWith('#/'))
      throw new Error(`only local $refs are supported in the bundle: ${ref}`)
    current = ref
      .slice(2)
      .split('/')
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc)
  }
  return current as T
}

export function loadContract(file: string): Contract {
  const doc = parse(readFileSync(file, 'utf8')) as Json
  const paths = (doc.paths ?? {}) as Record<string, Json>
  const globalSecurity = (doc.security ?? []) as unknown[]
  const operations = new Map<string, ContractOperation>()
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref<Json>(doc, rawItem)
    for (const method of HTTP_METHODS) {
      const op = item[method] as Json | undefined
      if (!op) continue
      const rawResponses = (op.responses ?? {}) as Record<string, unknown>
      const responses = Object.fromEntries(
        Object.entries(rawResponses).map(([status, r]) => [status, deref<ResponseObject>(doc, r)]),
      )
      const security = (op.security ?? globalSecurity) as Json[]
      const secured = security.length > 0 && !security.some((req) => Object.keys(req).length === 0)
      const operationId = String(op.operationId)
      operations.set(operationId, {
        operationId,
        method,
        path,
        statuses: Object.keys(responses),
        responses,
        secured,
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
  return {
    file,
    operations,
    errorCodes,
    sessionCookie: cookieScheme ? String(cookieScheme.name) : undefined,
  }
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
