import type { core } from 'zod/mini'
import { operations } from '~generated/api/operations'
import { responseSchemas } from '~generated/zod/responses'

/**
 * What a tolerant reader lets pass: a value of an enum this build does not know yet (screens
 * show it neutrally) and a field it does not read (a newer backend's addition).
 */
const TOLERATED: ReadonlySet<string> = new Set(['invalid_value', 'unrecognized_keys'])

type Issue = { code?: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> }

/**
 * An unknown enum value is a string where the enum is; zod reports a missing enum field with
 * the same code (`invalid_value`), and that one is a missing required field, not tolerated.
 */
function tolerated(issue: Issue, body: unknown) {
  if (!TOLERATED.has(issue.code ?? '')) return false
  if (issue.code !== 'invalid_value') return true
  const value = (issue.path ?? []).reduce<unknown>((node, step) => {
    const key = typeof step === 'object' ? step.key : step
    return node && typeof node === 'object'
      ? (node as Record<PropertyKey, unknown>)[key]
      : undefined
  }, body)
  return typeof value === 'string'
}

const schemaOf = responseSchemas as Record<string, core.$ZodType | undefined>

/** Each operation's id by `'<method> <path template>'`, as the client's middleware names a call. */
const operationIdOf = new Map<string, string>(
  Object.entries(operations).map(([id, { method, path }]) => [`${method} ${path}`, id]),
)

/**
 * Why a successful answer is not what the contract says (a required field missing, a wrong
 * type, no body at all), or undefined when it fits. Checked against the generated zod schema
 * of the operation's response.
 */
export function responseProblem(
  method: string,
  schemaPath: string,
  body: unknown,
): string | undefined {
  const id = operationIdOf.get(`${method.toLowerCase()} ${schemaPath}`)
  const schema = id && schemaOf[id]
  if (!schema) return undefined
  const result = schema['~standard'].validate(body)
  if (result instanceof Promise || !result.issues) return undefined
  const issue = result.issues.find((i) => !tolerated(i, body))
  if (!issue) return undefined
  return `${(issue.path ?? []).map(String).join('.') || '(body)'}: ${issue.message}`
}
