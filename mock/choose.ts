// How the layer turns a scenario's choice or a parameter rule into Prism's `Prefer` header,
// and which documented answer a `Prefer` asks for (to fire transitions on it).
import type { OperationId, OperationInfo } from './contract'
import type { OrderAnswer, Orders } from './orders'
import { parameterRules } from './rules'
import {
  AS_SCENARIO,
  isByParameter,
  scenarioNamed,
  type Choice,
  type Choices,
  type ScenarioName,
} from './scenarios'
import type { Sessions } from './sessions'
import type { GeneratedRow } from './volume'

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

/** A long list's generated row a value names, if any (mock/volume.ts `generatedRow`). */
export type RowsOf = (list: OperationId, value: string) => GeneratedRow | undefined

type ByParameters = {
  example: string | undefined
  /** The generated row a parameter named: the example is its template's. */
  generated?: GeneratedRow
}

/** The success example whose content fits the request's parameters (mock/rules.ts). */
export function exampleByParameters(
  op: OperationInfo,
  pathParams: Record<string, string>,
  query: URLSearchParams,
  known: (value: string) => boolean = () => false,
  body?: unknown,
): string | undefined {
  return byParameters(op, pathParams, query, known, body, undefined).example
}

function byParameters(
  op: OperationInfo,
  pathParams: Record<string, string>,
  query: URLSearchParams,
  known: (value: string) => boolean,
  body: unknown,
  rows: RowsOf | undefined,
): ByParameters {
  const rules = parameterRules[op.id]
  if (!rules) return { example: undefined }
  let candidates = [...(op.examples.get(op.successStatus) ?? new Map<string, unknown>())]
  let narrowed = false
  let generated: GeneratedRow | undefined
  for (const rule of rules) {
    const sent =
      rule.in === 'path'
        ? pathParams[rule.name]
        : rule.in === 'query'
          ? query.get(rule.name)
          : bodyValue(body, rule.name)
    if (sent === undefined || sent === null) continue
    // A generated row's value fits as its template's.
    const named = rule.rowsOf ? rows?.(rule.rowsOf, sent) : undefined
    generated ??= named
    const value = named ? String(named.template[named.key]) : sent
    const fitting = candidates.filter(([, example]) => rule.fits(example, value))
    if (!fitting.length) {
      if (rule.otherwise && !(rule.unlessKnown && known(value))) {
        return { example: rule.otherwise }
      }
      continue
    }
    candidates = fitting
    narrowed = true
  }
  return narrowed ? { example: candidates[0]?.[0], generated } : { example: undefined }
}

/** A top-level scalar of a JSON request body, as text. */
function bodyValue(body: unknown, name: string): string | undefined {
  const value =
    body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined
  return ['string', 'number', 'boolean'].includes(typeof value) ? String(value) : undefined
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

/** Who chose an answer: shown in the `x-mock-prefer` header and the log. */
export type By =
  | 'logged-out'
  | 'client'
  | 'history'
  | 'transition'
  | 'scenario'
  | 'parameters'
  | 'default'
  | 'idempotency'
  | 'chaos'

export type Chosen = {
  prefer: string | undefined
  by: By
  /** Set when the request names an order of the history (by: 'history'): mock/orders.ts. */
  order?: OrderAnswer
  /**
   * Set when a parameter names a generated row of a long list (by: 'parameters'): the answer
   * chosen is its template's, the layer writes the row's values into it (mock/volume.ts).
   */
  generated?: GeneratedRow
}

/**
 * A client's Prefer naming an example without its status (`example=ORDER_EXPIRED`) gets the
 * status the contract documents it under: Prism alone looks for it among the 2xx examples
 * and answers 404.
 */
export function completePrefer(op: OperationInfo, prefer: string): string {
  const asked = /(?:^|[,;]\s*)example=([^,;\s]+)/.exec(prefer)?.[1]
  if (!asked || /(?:^|[,;]\s*)code=/.test(prefer)) return prefer
  const status = statusOf(op, asked)
  return status === undefined || status === op.successStatus ? prefer : `code=${status}, ${prefer}`
}

export type Request = {
  op: OperationInfo
  scenario: ScenarioName
  sid: string | undefined
  clientPrefer: string | undefined
  pathParams: Record<string, string>
  query: URLSearchParams
  /** True for a value some example of the contract carries (an id the example world has). */
  known?: (value: string) => boolean
  /** The request's JSON body, parsed (undefined when none or not JSON). */
  body?: unknown
  /** The orders of the history examples, answered as the history shows them. */
  orders?: Orders
  /** The scenario's long lists' generated rows, by a value naming one (mock/volume.ts). */
  rows?: RowsOf
}

/** "What decides an answer" (mock/README.md), in its order. */
export function choosePrefer(
  sessions: Sessions,
  request: Request,
  warn: (message: string) => void,
): Chosen {
  const { op, scenario, sid, clientPrefer, pathParams, query } = request
  if (sid && sessions.isEnded(sid) && !op.public && op.examples.has(401)) {
    return { prefer: 'code=401', by: 'logged-out' }
  }
  if (clientPrefer) return { prefer: completePrefer(op, clientPrefer), by: 'client' }
  const order = request.orders?.answerFor(op, pathParams)
  if (order) return { prefer: order.prefer, by: 'history', order }
  const changed: Choices = sid ? sessions.changed(sid, scenario) : {}
  const declared = scenarioNamed(scenario).prefer
  const choice = op.id in changed ? changed[op.id] : declared[op.id]
  const chosen = exampleOfChoice(choice, pathParams, query)
  if (chosen) {
    const prefer = preferFor(op, chosen)
    if (prefer) return { prefer, by: op.id in changed ? 'transition' : 'scenario' }
    warn(`${op.id} has no example "${chosen}" in the contract; answering its default`)
  }
  const { known = () => false, body, rows } = request
  const byParams = byParameters(op, pathParams, query, known, body, rows)
  if (byParams.example) {
    return {
      prefer: preferFor(op, byParams.example),
      by: 'parameters',
      generated: byParams.generated,
    }
  }
  return { prefer: undefined, by: 'default' }
}

/** Fires the scenario's transitions that this answer triggers, for the calling session. */
export function afterAnswer(
  sessions: Sessions,
  request: Pick<Request, 'op' | 'scenario' | 'sid'>,
  prefer: string | undefined,
  status: number,
) {
  const { op, scenario, sid } = request
  if (!sid || sessions.isEnded(sid)) return
  const asked = answerOf(op, prefer)
  for (const transition of scenarioNamed(scenario).transitions) {
    if (transition.after !== op.id) continue
    const fires = transition.answered
      ? asked.example === transition.answered && asked.status === status
      : status >= 200 && status < 300
    if (fires) sessions.apply(sid, scenario, transition.then)
  }
}
