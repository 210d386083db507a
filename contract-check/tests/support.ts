// What the package's tests read: the site's bundled contract (the one the package ships after
// a build), its named examples, and a helper to run a command in-process.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { operations, type OperationId } from '../../generated/api/operations'
import { HTTP_METHODS, loadContract } from '../src/contract'
import type { Io } from '../src/drift'

export const SITE = fileURLToPath(new URL('../../', import.meta.url))
export const PACKAGE = fileURLToPath(new URL('../', import.meta.url))
export const SPEC = `${SITE}generated/openapi.yaml`
/** How long a test file waits for its Prism (the command's own default is 60 s). */
export const PRISM_START_MS = 150_000
export const contract = loadContract(SPEC)

type Example = { value?: unknown; $ref?: string }
type Media = { schema?: unknown; examples?: Record<string, Example> }
type Response = { $ref?: string; content?: Record<string, Media>; headers?: unknown }
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
export const spec = parse(readFileSync(SPEC, 'utf8')) as Spec

export function allOperations() {
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({
      method,
      path,
      op: item[method] as Operation,
    })),
  )
}

/** The named examples of an operation's response, resolved. */
export function examplesOf(operationId: OperationId, status: string): Record<string, unknown> {
  const { method, path } = operations[operationId]
  const response = contract.resolve<Response>(spec.paths[path]?.[method]?.responses[status])
  const examples = response?.content?.['application/json']?.examples
  if (!examples) throw new Error(`${operationId} ${status} has no examples`)
  return Object.fromEntries(
    Object.entries(examples).map(([name, ex]) => [name, contract.resolve<Example>(ex).value]),
  )
}

/** One named example (or the first, which is what the mock serves by default). */
export function exampleOf<T = unknown>(operationId: OperationId, status: string, name?: string): T {
  const examples = examplesOf(operationId, status)
  const key = name ?? Object.keys(examples)[0]
  if (!key || !(key in examples)) throw new Error(`${operationId} ${status} has no example ${name}`)
  return examples[key] as T
}

/** An Io that keeps what a command prints, for in-process runs. */
export function captureIo(env: Record<string, string | undefined> = {}) {
  const out: string[] = []
  const err: string[] = []
  const io: Io = {
    env: { NO_COLOR: '1', DRIFT_USERNAME: '', DRIFT_PASSWORD: '', ...env },
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    isTTY: false,
  }
  return {
    io,
    stdout: () => out.join('\n'),
    stderr: () => err.join('\n'),
  }
}
