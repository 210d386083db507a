// How the layer turns a scenario's choice or a parameter rule into Prism's `Prefer` header,
// and which documented answer a `Prefer` asks for (to fire transitions on it).
import type { OperationInfo } from './contract'
import { parameterRules } from './rules'
import { AS_SCENARIO, isByParameter, type Choice } from './scenarios'

export type Answer = { status: number; example: string | undefined }

/**
 * The status an example is documented under: a success status first (so `open` is the 201
 * example, not an error's), then the others in ascending order. Undefined when the operation
 * has no example of that name.
 */
export function statusOf(op: OperationInfo, example: string): number | undefined {
  const statuses = [...op.examples.keys()].sort(
    (a, b) => Number(a >= 300) - Number(b >= 300) || a - b,
  )
  return statuses.find((status) => op.examples.get(status)?.has(example))
}

export function preferFor(op: OperationInfo, example: string): string | undefined {
  const status = statusOf(op, example)
  return status === undefined ? undefined : `code=${status}, example=${example}`
}

/**
 * The example a scenario's or transition's choice names for this request: per parameter
 * value for a ByParameter choice (a value it does not list names none, so the parameter rules
 * and the default answer apply).
 */
export function exampleOfChoice(
  choice: Choice | undefined,
  pathParams: Record<string, string>,
  query: URLSearchParams,
): string | undefined {
  if (choice === null || choice === undefined || choice === AS_SCENARIO) return undefined
  if (!isByParameter(choice)) return choice
  const value = pathParams[choice.parameter] ?? query.get(choice.parameter)
  return value === null || value === undefined ? undefined : choice.examples[value]
}

/** The success example whose content fits the request's parameters (mock/rules.ts). */
export function exampleByParameters(
  op: OperationInfo,
  pathParams: Record<string, string>,
  query: URLSearchParams,
): string | undefined {
  const rules = parameterRules[op.id]
  if (!rules) return undefined
  let candidates = [...(op.examples.get(op.successStatus) ?? new Map<string, unknown>())]
  let narrowed = false
  for (const rule of rules) {
    const value = rule.in === 'path' ? pathParams[rule.name] : query.get(rule.name)
    if (value === undefined || value === null) continue
    const fitting = candidates.filter(([, example]) => rule.fits(example, value))
    if (!fitting.length) {
      if (rule.otherwise) return rule.otherwise
      continue
    }
    candidates = fitting
    narrowed = true
  }
  return narrowed ? candidates[0]?.[0] : undefined
}

/** What a `Prefer` value asks Prism for: Prism's defaults fill what it leaves out. */
export function answerOf(op: OperationInfo, prefer: string | undefined): Answer {
  const parts = new Map(
    (prefer ?? '')
      .split(/[,;]/)
      .map((part) => part.trim().split('=') as [string, string?])
      .filter(([key, value]) => key && value !== undefined)
      .map(([key, value]) => [key.toLowerCase(), value?.trim() ?? '']),
  )
  const code = Number(parts.get('code'))
  const status = Number.isInteger(code) && code > 0 ? code : op.successStatus
  const example = parts.get('example') ?? [...(op.examples.get(status)?.keys() ?? [])][0]
  return { status, example }
}
