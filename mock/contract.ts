// What the mock layer knows of the contract: which operation a request is (from the one
// operationId <-> method/path map, generated/api/operations.ts) and which responses and named
// examples each operation documents (from the bundled contract, generated/openapi.yaml).
// The layer only ever chooses among these; Prism serves and validates the bodies. The status
// enums' `x-lifecycle` tables are read by contract-check's reader, so the mock and the drift
// check judge an order's status by the same table.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { readLifecycles, type Lifecycle } from '../contract-check/src/lifecycles'
import { operationFacts, operations, type OperationId } from '../generated/api/operations'
import { followRef, refPath } from '../scripts/contract-ref.mjs'

export type { Lifecycle, OperationId }

type Node = Record<string, unknown>

export type OperationInfo = {
  id: OperationId
  method: string
  path: string
  public: boolean
  /** The status Prism answers without a `code` preference: the lowest documented 2xx. */
  successStatus: number
  /** Named examples per documented status, in contract order, with their values. */
  examples: Map<number, Map<string, unknown>>
  /** Per documented status, the JSON pointer of its JSON body's schema in the contract. */
  schemas: Map<number, string>
  /** Names of its examples deliberately outside the contract (`x-outside-contract`). */
  outsideContract: Set<string>
}

export type Contract = {
  /** The bundled contract as parsed (the layer's response validator compiles from it). */
  document: Node
  /** The session cookie's name (the contract's `apiKey in: cookie` scheme). */
  sessionCookie: string
  /** The status enums' `x-lifecycle` tables (contract-check/src/lifecycles.ts). */
  lifecycles: Lifecycle[]
  /** Follows local `$ref`s of the contract (scripts/contract-ref.mjs). */
  resolve(node: unknown): unknown
  operation(id: OperationId): OperationInfo
  /** Every operation, in the contract's operationId order. */
  all(): OperationInfo[]
  /** The operation a request is for, and its path parameters. */
  match(
    method: string,
    pathname: string,
  ): { op: OperationInfo; params: Record<string, string> } | undefined
}

export const SPEC_PATH = new URL('../generated/openapi.yaml', import.meta.url)

export function loadContract(specPath: URL | string = SPEC_PATH): Contract {
  const spec = parse(readFileSync(specPath, 'utf8')) as Node

  const deref = (value: unknown): unknown => followRef(spec, value)

  /** Where a node lives once its `$ref`s are followed: `#/components/responses/Error`. */
  const settle = (pointer: string): string => {
    let current = pointer
    for (let hops = 0; hops < 20; hops++) {
      const node = refPath(current).reduce<unknown>(
        (n, key) => (n as Node | undefined)?.[key],
        spec,
      )
      if (!node || typeof node !== 'object' || !('$ref' in node)) return current
      current = (node as { $ref: string }).$ref
    }
    throw new Error('$ref cycle in the contract')
  }
  const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1')

  const infos = new Map<OperationId, OperationInfo>()
  for (const [id, { method, path }] of Object.entries(operations)) {
    const isPublic = operationFacts[id as OperationId].public
    const paths = spec.paths as Record<string, Record<string, { responses?: Node }>>
    const responses = paths[path]?.[method]?.responses ?? {}
    const examples = new Map<number, Map<string, unknown>>()
    const schemas = new Map<number, string>()
    const outsideContract = new Set<string>()
    for (const [status, response] of Object.entries(responses)) {
      const at = settle(`#/paths/${escape(path)}/${method}/responses/${status}`)
      schemas.set(Number(status), settle(`${at}/content/application~1json/schema`))
      const content = (deref(response) as { content?: Record<string, { examples?: Node }> })
        ?.content
      const named = new Map<string, unknown>()
      for (const media of Object.values(content ?? {})) {
        for (const [name, example] of Object.entries(media.examples ?? {})) {
          const found = deref(example) as { value?: unknown; 'x-outside-contract'?: unknown }
          named.set(name, found?.value)
          if (found?.['x-outside-contract'] === true) outsideContract.add(name)
        }
      }
      examples.set(Number(status), named)
    }
    const success = [...examples.keys()].filter((s) => s >= 200 && s < 300).sort((a, b) => a - b)
    infos.set(id as OperationId, {
      id: id as OperationId,
      method,
      path,
      public: isPublic,
      successStatus: success[0] ?? 200,
      examples,
      schemas,
      outsideContract,
    })
  }

  // Literal segments beat parameters: /v2/promotions/usages is listPromotionUsages, not
  // getPromotion with promotionId "usages".
  const routes = [...infos.values()]
    .map((op) => {
      const names: string[] = []
      const source = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, n) => {
        names.push(n as string)
        return '([^/]+)'
      })
      return { op, names, pattern: new RegExp(`^${source}$`) }
    })
    .sort((a, b) => a.names.length - b.names.length)

  const schemes = Object.values(
    ((spec.components as Node | undefined)?.securitySchemes ?? {}) as Record<string, Node>,
  )
  const cookieScheme = schemes.find((s) => s.type === 'apiKey' && s.in === 'cookie')
  const componentSchemas = ((spec.components as Node | undefined)?.schemas ?? {}) as Record<
    string,
    Node
  >

  return {
    document: spec,
    sessionCookie: typeof cookieScheme?.name === 'string' ? cookieScheme.name : 'sid',
    lifecycles: readLifecycles(componentSchemas),
    resolve: deref,
    all: () => [...infos.values()],
    operation(id) {
      const info = infos.get(id)
      if (!info) throw new Error(`unknown operationId ${id}`)
      return info
    },
    match(method, pathname) {
      const lower = method.toLowerCase()
      for (const { op, names, pattern } of routes) {
        if (op.method !== lower) continue
        const found = pattern.exec(pathname)
        if (!found) continue
        const params = Object.fromEntries(
          names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]),
        )
        return { op, params }
      }
      return undefined
    },
  }
}
