// Reads the bundled contract (generated/openapi.yaml) for unit and e2e tests.
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { followRef } from '../../scripts/contract-ref.mjs'

type Example = { value?: unknown; $ref?: string; 'x-outside-contract'?: boolean }
type Media = { schema?: unknown; examples?: Record<string, Example> }
type Response = {
  $ref?: string
  content?: Record<string, Media>
  headers?: Record<string, unknown>
}
export type Operation = {
  operationId: string
  security?: unknown[]
  requestBody?: unknown
  responses: Record<string, Response>
}
export type Spec = {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Record<string, unknown>> }
}

// A path built without the global `URL`: under jsdom that is jsdom's class, which node:fs
// refuses, and component tests read examples too.
const specPath = resolve(dirname(fileURLToPath(import.meta.url)), '../../generated/openapi.yaml')
export const spec = parse(readFileSync(specPath, 'utf8')) as Spec

/** Follows a local `$ref` ('#/components/...') of the contract until it reaches a value. */
export function deref<T>(value: T): T {
  return followRef(spec, value)
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

export function allOperations() {
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({
      method,
      path,
      op: item[method] as Operation,
    })),
  )
}

// The contract's examples, resolved by `npm run generate`: one reader for unit tests and e2e.
export { exampleEntriesOf, exampleOf, examplesOf } from '../../generated/api/examples'
