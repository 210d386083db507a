// A request that breaks the contract gets an honest answer: the contract's VALIDATION_FAILED
// (the operation's own documented status for it), with one entry in `fields` per violation
// Prism found: the field, the rule and Prism's message. Never another branch's example (Prism
// alone answers a deposit without its bank account with DEPOSIT_AMOUNT_TOO_LOW, its first 422
// example), so the screen shows what a real server would say.
import { freshValue } from './agree'
import type { OperationInfo } from './contract'
import type { Violation } from './prism'

export const VALIDATION_FAILED = 'VALIDATION_FAILED'

/** The status the operation documents VALIDATION_FAILED under (its lowest), if any. */
export function validationStatus(op: OperationInfo): number | undefined {
  return [...op.examples.entries()]
    .filter(([status, named]) => status >= 400 && [...named.keys()].some(isValidationExample))
    .map(([status]) => status)
    .sort((a, b) => a - b)[0]
}

const isValidationExample = (name: string) => name.startsWith(VALIDATION_FAILED)

/**
 * The offending field: the property a `required` rule names, else the last step of the
 * location (`['request', 'body', 'username']`), else where it was (`body`, `header`).
 */
export function fieldOf(violation: Violation): string {
  const named = /required property '([^']+)'/.exec(violation.message)?.[1]
  if (named) return named
  const steps = violation.location.slice(1).map(String)
  return steps.at(-1) ?? 'request'
}

/** Prism's message without its "Request body property x " preamble. */
const messageOf = (violation: Violation) =>
  violation.message.replace(/^Request (?:body|header|query|path)(?: property \S+)? /, '')

export function validationError(violations: Violation[]) {
  return {
    code: VALIDATION_FAILED,
    message: 'The request has invalid fields.',
    requestId: freshValue('mock_'),
    fields: violations.map((violation) => ({
      field: fieldOf(violation),
      code: String(violation.code),
      message: messageOf(violation),
    })),
  }
}
