// The contract as the fuzzer reads it, at run time, from the bundled generated/openapi.yaml:
// every operation, its path as a pattern, whether it needs the session, and the schema of
// each answer. Nothing here is a hand-kept list, so a new operation, status or schema in the
// contract is fuzzed the day it lands.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'

export type Schema = Record<string, unknown>

export type Operation = {
  id: string
  method: string
  path: string
  pattern: RegExp
  /** No session cookie needed (`security: []`). */
  public: boolean
  /** The first 2xx status the contract documents, and its body's schema (if it has one). */
  success: { status: number; schema: Schema | undefined }
  /** Every documented status -> its JSON body's schema. */
  responses: Map<number, Schema | undefined>
  /** Path parameters by name -> schema. */
  pathParams: Map<string, Schema>
}

export type Contract = { operations: Operation[]; document: Schema }

type Doc = {
  paths: Record<string, Record<string, Record<string, unknown>>>
  security?: unknown[]
} & Schema

/** Follows `#/a/b` refs inside the document (the bundle has no external refs). */
function lookup(document: Schema, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`external $ref not supported: ${ref}`)
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document)
}

/**
 * Inlines every $ref (schemas, responses, parameters). The contract has no recursive
 * schema; a cycle would throw here rather than loop.
 */
export function deref<T>(document: Schema, node: T, seen: string[] = []): T {
  if (Array.isArray(node)) return node.map((item) => deref(document, item, seen)) as T
  if (!node || typeof node !== 'object') return node
  const { $ref, ...rest } = node as Schema & { $ref?: string }
  if (typeof $ref === 'string') {
    if (seen.includes($ref)) throw new Error(`recursive $ref ${$ref}`)
    const target = deref(document, lookup(document, $ref), [...seen, $ref]) as Schema
    return { ...target, ...deref(document, rest, seen) } as T
  }
  return Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, deref(document, value, seen)]),
  ) as T
}

function jsonSchemaOf(response: unknown): Schema | undefined {
  const content = (response as { content?: Record<string, { schema?: Schema }> }).content
  if (!content) return undefined
  const json = Object.entries(content).find(([type]) => type.includes('json'))
  return json?.[1].schema
}

export function loadContract(file = 'generated/openapi.yaml'): Contract {
  const raw = parse(readFileSync(file, 'utf8')) as Doc
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(raw.paths)) {
    const resolvedItem = deref(raw, item)
    for (const [method, op] of Object.entries(resolvedItem)) {
      if (typeof op !== 'object' || !op || typeof op.operationId !== 'string') continue
      const security = (op.security ?? raw.security ?? []) as Record<string, unknown>[]
      const responses = new Map<number, Schema | undefined>()
      for (const [status, response] of Object.entries(op.responses as Record<string, unknown>)) {
        if (/^\d{3}$/.test(status)) responses.set(Number(status), jsonSchemaOf(response))
      }
      const successStatus = [...responses.keys()].filter((s) => s >= 200 && s < 300).sort()[0]
      if (successStatus === undefined) continue
      const params = [
        ...((resolvedItem.parameters as unknown as Schema[] | undefined) ?? []),
        ...((op.parameters as Schema[] | undefined) ?? []),
      ]
      const pathParams = new Map(
        params
          .filter((p) => p.in === 'path')
          .map((p) => [String(p.name), (p.schema as Schema) ?? { type: 'string' }]),
      )
      const pattern = new RegExp(
        `^${path.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`)).replace(/\{[^}]+\}/g, '[^/]+')}$`,
      )
      operations.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        pattern,
        public: security.length === 0 || security.some((s) => Object.keys(s).length === 0),
        success: { status: successStatus, schema: responses.get(successStatus) },
        responses,
        pathParams,
      })
    }
  }
  // A literal path wins over a template that also matches it (/deposits/open vs /{orderId}).
  operations.sort((a, b) => a.path.split('{').length - b.path.split('{').length)
  return { operations, document: raw }
}

export function findOperation(contract: Contract, method: string, apiPath: string) {
  return contract.operations.find((op) => op.method === method && op.pattern.test(apiPath))
}
