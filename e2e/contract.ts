// The contract's examples are the mock's data: e2e reads expected values from the bundled
// contract (generated/openapi.yaml) instead of repeating them. e2e sees the site from outside,
// so it reads generated/ only, never src/ or the unit tests' helpers.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { operations, type OperationId } from '../generated/api/operations'

type Example = { value?: unknown; $ref?: string }
type Node = { $ref?: string; content?: Record<string, { examples?: Record<string, Example> }> }
type Spec = { paths: Record<string, Record<string, { responses: Record<string, Node> }>> }

const spec = parse(
  readFileSync(new URL('../generated/openapi.yaml', import.meta.url), 'utf8'),
) as Spec

/** Follows a local `$ref` ('#/components/...') until it reaches a value. */
function deref<T>(value: T): T {
  let current: unknown = value
  while (current && typeof current === 'object' && '$ref' in current) {
    const ref = (current as { $ref: string }).$ref
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], spec)
  }
  return current as T
}

/** The named examples of an operation's response, resolved. */
export function examplesOf(operationId: OperationId, status: string): Record<string, unknown> {
  const { method, path } = operations[operationId]
  const response = deref(spec.paths[path]?.[method]?.responses[status])
  const examples = response?.content?.['application/json']?.examples
  if (!examples) throw new Error(`${operationId} ${status} has no examples`)
  return Object.fromEntries(Object.entries(examples).map(([name, ex]) => [name, deref(ex).value]))
}

/** One named example (or the first, which is what the mock serves by default). */
export function example<T = unknown>(operationId: OperationId, status: string, name?: string): T {
  const examples = examplesOf(operationId, status)
  const key = name ?? Object.keys(examples)[0]
  if (!key || !(key in examples)) throw new Error(`${operationId} ${status} has no example ${name}`)
  return examples[key] as T
}
