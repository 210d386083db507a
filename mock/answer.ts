// One API request through the layer: choose the documented answer (mock/choose.ts), replay by
// Idempotency-Key, ask Prism, turn a broken request into the contract's VALIDATION_FAILED,
// shape a success (long lists, dates moved to now, the request's values echoed; validated
// before it leaves), fire transitions, then wait and fail on purpose when asked to.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { FAIL_RATE_HEADER, LATENCY_HEADER, sleep, type Chaos, type Fate } from './chaos'
import { agreeWithRequest, agreementOf, withFreshUnique } from './agree'
import {
  afterAnswer,
  answerOf,
  choosePrefer,
  exampleOfChoice,
  preferFor,
  type By,
  type Request,
  type RowsOf,
} from './choose'
import type { Contract, OperationInfo } from './contract'
import { datesFromStart, momentOf, moveDates } from './dates'
import { echoes } from './echo'
import { withFigures } from './figures'
import { orderBody, ordersOf, type OrderAnswer } from './orders'
import { cookieValue, header, readBody } from './http'
import { askPrism, isSecurityViolation, requestViolations, type PrismAnswer } from './prism'
import { isScenarioName, scenarioNamed, scenarios, type ScenarioName } from './scenarios'
import type { Sessions } from './sessions'
import type { ResponseCheck } from './validate'
import { validationError, validationStatus } from './validation-error'
import { asGenerated, generatedRow, withVolume, type GeneratedRow } from './volume'

export const SCENARIO_HEADER = 'x-mock-scenario'

export class UnknownScenarioError extends Error {}

export function checkScenario(name: string): ScenarioName {
  if (!isScenarioName(name)) {
    throw new UnknownScenarioError(
      `unknown scenario "${name}"; known: ${Object.keys(scenarios).join(', ')}`,
    )
  }
  return name
}

export type Layer = {
  contract: Contract
  sessions: Sessions
  prismPort: number
  defaultScenario: ScenarioName
  chaos: Chaos
  check: ResponseCheck
  now: () => number
  log: (line: string) => void
  warn: (message: string) => void
}

/** `NAME;param=value;...`: a scenario and the numbers of it a request sets (its `params`). */
export type ScenarioChoice = { name: ScenarioName; params: Record<string, number> }

export function parseScenario(value: string): ScenarioChoice {
  const [rawName = '', ...parts] = value.split(';').map((part) => part.trim())
  const name = checkScenario(rawName)
  const defaults = scenarioNamed(name).params ?? {}
  const params = { ...defaults }
  for (const part of parts.filter(Boolean)) {
    const [key = '', raw = ''] = part.split('=').map((x) => x.trim())
    const number = Number(raw)
    if (!Object.hasOwn(defaults, key) || !/^\d+$/.test(raw) || !Number.isSafeInteger(number)) {
      const known = Object.keys(defaults)
      throw new UnknownScenarioError(
        `scenario "${name}" takes ${known.length ? known.map((k) => `${k}=<ms>`).join(', ') : 'no params'}; got "${part}"`,
      )
    }
    params[key] = number
  }
  return { name, params }
}

export function scenarioChoiceOf(layer: Layer, req: IncomingMessage): ScenarioChoice {
  return parseScenario(header(req, SCENARIO_HEADER)?.trim() || layer.defaultScenario)
}

export function scenarioOf(layer: Layer, req: IncomingMessage): ScenarioName {
  return scenarioChoiceOf(layer, req).name
}

/**
 * The scenario's timed moves that are due for the session (from `at` after its start), once
 * each; one whose operations a call's transition already moved is dropped (mock/scenarios.ts).
 */
function fireTimed(layer: Layer, choice: ScenarioChoice, sid: string | undefined, now: number) {
  const timed = scenarioNamed(choice.name).timed
  if (!timed || !sid || layer.sessions.isEnded(sid)) return
  const { startedAt } = layer.sessions.memory(sid, now)
  const { moved, fired } = layer.sessions.timelineOf(sid, choice.name)
  timed.forEach((move, index) => {
    // In whole seconds, as the answers write the moment (`expiresAt`): due when they say so.
    const due = Math.floor((startedAt + momentOf(move.at, choice.params)) / 1000) * 1000
    if (fired.has(index) || now < due) return
    const overtaken = Object.keys(move.then).some((id) => moved.has(id))
    layer.sessions.applyTimed(sid, choice.name, index, overtaken ? undefined : move.then)
  })
}

/** One request as the layer sees it, and what it decided so far. */
type Exchange = Partial<Request> & {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  scenario: ScenarioName
  params: Record<string, number>
  sid: string | undefined
  body: Buffer
  now: number
  fate: Fate
  prefer: string | undefined
  by: By
  /** The history order the request names (by: 'history'): mock/orders.ts. */
  order?: OrderAnswer
  /** The generated row a parameter names (by: 'parameters'): mock/volume.ts. */
  generated?: GeneratedRow
  /** Set when this request's answer is kept for its Idempotency-Key. */
  kept?: { sid: string; key: string; request: string }
}

const isJson = (answer: PrismAnswer) =>
  String(answer.answer.headers['content-type'] ?? '').includes('json')

export async function answerApi(layer: Layer, req: IncomingMessage, res: ServerResponse, url: URL) {
  const choice = scenarioChoiceOf(layer, req)
  const scenario = choice.name
  const sid = cookieValue(req.headers.cookie, layer.contract.sessionCookie) || undefined
  const now = layer.sessions.nowOf(sid, layer.now())
  fireTimed(layer, choice, sid, now)
  const matched = layer.contract.match(req.method ?? 'GET', url.pathname)
  const fate = layer.chaos.fate(
    matched?.op,
    header(req, LATENCY_HEADER),
    header(req, FAIL_RATE_HEADER),
  )
  const clientPrefer = header(req, 'prefer')
  const body = await readBody(req)
  const request = matched && {
    op: matched.op,
    scenario,
    sid,
    clientPrefer,
    pathParams: matched.params,
    query: url.searchParams,
    known: agreementOf(layer.contract).known,
    body: parseJson(body),
    orders: ordersOf(layer.contract),
    rows: longRows(layer, scenario, now),
  }
  const chosen = request
    ? choosePrefer(layer.sessions, request, layer.warn)
    : { prefer: clientPrefer, by: 'client' as const }
  const ex: Exchange = {
    ...request,
    ...chosen,
    req,
    res,
    url,
    scenario,
    params: choice.params,
    sid,
    body,
    now,
    fate,
  }
  if (replayed(layer, ex)) return
  if (ex.fate.failure?.kind === 'drop') return drop(layer, ex)
  if (ex.fate.failure && ex.op) {
    ex.prefer = preferFor(ex.op, 'INTERNAL_ERROR') ?? `code=${ex.fate.failure.status}`
    ex.by = 'chaos'
  }
  try {
    await answerFromPrism(layer, ex)
  } finally {
    // Prism failed or the answer is a 5xx: the same key may try again.
    const { kept } = ex
    if (kept && layer.sessions.kept(kept.sid, kept.key)?.state === 'in-flight') {
      layer.sessions.forget(kept.sid, kept.key)
    }
  }
}

/**
 * The contract's Idempotency-Key, kept per session and operation: a repeat gets the first
 * answer (true: answered here); the same key with another body, or while the first is in
 * flight, its documented error. The client's own Prefer (an explicit choice) is never kept.
 */
/** The contract's mark of a replayed answer (components/headers.yaml IdempotentReplayed). */
const REPLAYED = 'idempotent-replayed'

function replayed(layer: Layer, ex: Exchange): boolean {
  const key = header(ex.req, 'idempotency-key')?.split(',')[0]
  if (!ex.op || !ex.sid || !key || ex.req.method === 'GET') return false
  if (ex.by === 'client' || ex.by === 'logged-out') return false
  const kept = { sid: ex.sid, key: `${ex.op.id} ${key}`, request: ex.body.toString('utf8') }
  const first = layer.sessions.kept(kept.sid, kept.key)
  if (first?.state === 'done' && first.request === kept.request) {
    void sleep(ex.fate.delayMs).then(() => {
      ex.res.writeHead(first.status, {
        ...first.headers,
        [REPLAYED]: 'true',
        'x-mock-prefer': 'replay (idempotency)',
      })
      ex.res.end(first.body)
    })
    layer.log(
      `${ex.req.method} ${ex.url.pathname} -> ${first.status} [${ex.scenario}] replay of ${key}`,
    )
    return true
  }
  if (first) {
    const code =
      first.state === 'in-flight' ? 'IDEMPOTENCY_KEY_IN_PROGRESS' : 'IDEMPOTENCY_KEY_REUSED'
    ex.prefer = preferFor(ex.op, code)
    ex.by = 'idempotency'
  } else {
    layer.sessions.keep(kept.sid, kept.key, { state: 'in-flight', request: kept.request })
    ex.kept = kept
  }
  return false
}

async function drop(layer: Layer, ex: Exchange) {
  await sleep(ex.fate.delayMs)
  ex.req.socket.destroy()
  layer.log(
    `${ex.req.method} ${ex.url.pathname}${ex.url.search} -> dropped [${ex.scenario}] (chaos)`,
  )
}

async function answerFromPrism(layer: Layer, ex: Exchange) {
  let prism = await askPrism(layer.prismPort, ex.req, ex.body, ex.prefer)
  const violations = requestViolations(prism.answer)
  // Prism honours a Prefer even for a request that breaks the contract; a choice of ours
  // must not hide that, so such a request is asked again as the client sent it.
  if (violations.length && ex.prefer && ex.by !== 'client' && ex.by !== 'logged-out') {
    prism = await askPrism(layer.prismPort, ex.req, ex.body, ex.clientPrefer)
    ex.prefer = ex.clientPrefer
    ex.by = 'client'
  }
  // A real server checks the session before the parameters: a missing or invalid session is
  // the operation's documented 401 whatever else the request breaks.
  const refused = ex.op && !ex.clientPrefer && violations.some(isSecurityViolation)
  if (refused && ex.op?.examples.has(401) && prism.answer.statusCode !== 401) {
    prism = await askPrism(layer.prismPort, ex.req, ex.body, 'code=401')
    ex.prefer = 'code=401'
    ex.by = 'logged-out'
  }
  let status = prism.answer.statusCode ?? 502
  let body = prism.body
  const out: OutgoingHttpHeaders = { ...prism.answer.headers }
  for (const name of ['connection', 'keep-alive', 'transfer-encoding']) delete out[name]
  // Prism sends every documented header from its example; this one marks only a replay.
  delete out[REPLAYED]
  const cookies = prism.answer.headers['set-cookie']
  const newSid = cookies ? rewriteCookies(layer, out, cookies, ex.sid) : undefined
  const op = ex.op
  const built =
    op && isJson(prism) ? shape(layer, ex, op, status, violations, prism.body, newSid) : undefined
  if (built?.problems.length) {
    layer.warn(
      `${op?.id} ${built.status}: what the layer built breaks the contract, served Prism's answer: ${built.problems.join('; ')}`,
    )
    out['x-mock-built'] = `refused: ${built.problems.join('; ')}`.slice(0, 500)
  } else if (built) {
    status = built.status
    body = Buffer.from(JSON.stringify(built.body))
    out['content-type'] = 'application/json'
    out['x-mock-built'] = built.how
  }
  out['content-length'] = body.length
  out[SCENARIO_HEADER] = ex.scenario
  if (ex.fate.delayMs) out['x-mock-delay'] = String(ex.fate.delayMs)
  if (ex.prefer) out['x-mock-prefer'] = `${ex.prefer} (${ex.by})`
  // An answer about a history order moves nothing of the session's own flow.
  if (op && ex.by !== 'history') {
    afterAnswer(layer.sessions, { op, scenario: ex.scenario, sid: ex.sid }, ex.prefer, status)
  }
  if (ex.kept && status < 500) {
    const headers = { ...out }
    delete headers['set-cookie']
    layer.sessions.keep(ex.kept.sid, ex.kept.key, {
      state: 'done',
      request: ex.kept.request,
      status,
      headers,
      body,
    })
  }
  await sleep(ex.fate.delayMs)
  ex.res.writeHead(status, out)
  ex.res.end(body)
  const sl = prism.answer.headers['sl-violations']
  layer.log(
    `${ex.req.method} ${ex.url.pathname}${ex.url.search} -> ${status} [${ex.scenario}]` +
      (ex.prefer ? ` ${ex.prefer} (${ex.by})` : '') +
      (built && !built.problems.length ? ` built: ${built.how}` : '') +
      (ex.fate.delayMs ? ` after ${ex.fate.delayMs} ms` : '') +
      (sl ? ` sl-violations: ${String(sl)}` : ''),
  )
}

type Built = { status: number; body: unknown; how: string; problems: string[] }

/**
 * What the layer builds from Prism's answer, validated against the response schema: the
 * contract's VALIDATION_FAILED for a broken request (unless the client's own Prefer chose the
 * answer), or
 * a success with long lists, dates moved to now, scenario dates and echoes. Undefined when it
 * changes nothing.
 */
function shape(
  layer: Layer,
  ex: Exchange,
  op: OperationInfo,
  status: number,
  violations: ReturnType<typeof requestViolations>,
  raw: Buffer,
  newSid: string | undefined,
): Built | undefined {
  const agreement = agreementOf(layer.contract)
  const built = (status: number, body: unknown, how: string): Built => {
    const fresh = withFreshUnique(body, agreement.unique)
    return { status, body: fresh, how, problems: layer.check(op, status, fresh) }
  }
  const validation = validationStatus(op)
  const security = violations.some(isSecurityViolation)
  if (violations.length && !security && validation !== undefined && !ex.clientPrefer) {
    return built(validation, validationError(violations), 'validation')
  }
  if (violations.length && !(security && status === 401)) return undefined
  let body = parseJson(raw)
  if (body === undefined) return undefined
  // An error's dates move too (ORDER_EXPIRED's `details.expiresAt`); the rest is a success's.
  body = moveDates(body, ex.now)
  if (ex.by === 'history' && ex.order) {
    const order = orderBody(ex.order, op, status, body, ex.pathParams ?? {}, ex.now)
    if (order !== undefined) return built(status, order, 'history')
  }
  if (status < 200 || status >= 300) return built(status, body, 'dates')
  const how = ['dates']
  const scenario = scenarioNamed(ex.scenario)
  const rows = scenario.volume?.[op.id]
  if (rows) {
    body = withVolume(body, rows, ex.url.searchParams)
    how.push(`volume ${rows}`)
  }
  if (ex.generated && ex.by === 'parameters') {
    body = asGenerated(body, ex.generated)
    how.push('generated row')
  }
  const sid = newSid ?? ex.sid
  const memory = sid ? layer.sessions.memory(sid, ex.now) : undefined
  const fields = scenario.dates?.[op.id]
  // The scenario's dates are its own order's: not once a call's transition moved the answer.
  const moved = sid ? layer.sessions.timelineOf(sid, ex.scenario).moved.has(op.id) : false
  if (fields && memory && !moved) {
    body = datesFromStart(body, memory.startedAt, fields, ex.params)
    how.push('session dates')
  }
  const echo = echoes[op.id]
  if (echo && sid && memory) {
    const request = parseJson(ex.body)
    if (echo.remember) layer.sessions.remember(sid, ex.now, echo.remember(request, body, ex.now))
    if (echo.answer) {
      body = echo.answer(body, memory)
      how.push('echo')
    }
  }
  const agreed = agreeWithRequest(body, agreement.inputs(op), {
    pathParams: ex.pathParams ?? {},
    query: ex.url.searchParams,
    body: parseJson(ex.body),
  })
  if (agreed !== body) {
    const figured = withFigures(agreed, body, (provider) => providerCredit(layer, ex, provider))
    if (figured.refusal) return refusal(layer, ex, op, figured, built)
    body = figured.body
    how.push('agreed')
  }
  return built(status, body, how.join(', '))
}

/**
 * The rows the scenario's long lists make, by a value naming one: each list as the scenario
 * declares it (its choice, or the contract's default), dates moved to now as its answer's are,
 * so a generated row answers with the dates the list shows.
 */
function longRows(layer: Layer, scenario: ScenarioName, now: number): RowsOf {
  const { volume = {}, prefer } = scenarioNamed(scenario)
  return (list, value) => {
    const count = volume[list]
    if (!count) return undefined
    const op = layer.contract.operation(list)
    const choice = exampleOfChoice(prefer[list], {}, new URLSearchParams())
    const { status, example } = answerOf(op, choice && preferFor(op, choice))
    const answer = example === undefined ? undefined : op.examples.get(status)?.get(example)
    return generatedRow(moveDates(answer, now), count, value)
  }
}

/**
 * The credit the session is answered at `provider` (its getProviderCredit answer as the layer
 * would choose it now), for a quote of another provider than the example's.
 */
function providerCredit(layer: Layer, ex: Exchange, provider: string): string | undefined {
  const op = layer.contract.operation('getProviderCredit')
  const { prefer } = choosePrefer(
    layer.sessions,
    {
      op,
      scenario: ex.scenario,
      sid: ex.sid,
      clientPrefer: undefined,
      pathParams: { provider },
      query: new URLSearchParams(),
    },
    layer.warn,
  )
  const { status, example } = answerOf(op, prefer)
  const value = example === undefined ? undefined : op.examples.get(status)?.get(example)
  const credit = value as { provider?: unknown; credit?: { amount?: unknown } } | undefined
  return credit?.provider === provider && typeof credit.credit?.amount === 'string'
    ? credit.credit.amount
    : undefined
}

/** The contract's documented refusal (an error example, by name) for what the request asks. */
function refusal(
  layer: Layer,
  ex: Exchange,
  op: OperationInfo,
  { refusal: name, details }: { refusal: string; details: Record<string, string> },
  built: (status: number, body: unknown, how: string) => Built,
): Built | undefined {
  const prefer = preferFor(op, name)
  if (!prefer) return undefined
  const { status } = answerOf(op, prefer)
  ex.prefer = prefer
  const example = moveDates(op.examples.get(status)?.get(name), ex.now) as Record<string, unknown>
  // The example's details with the figures of this request (the English `message` stays the
  // example's: the site words an error from its code and details).
  const body = { ...example, details: { ...(example.details as object), ...details } }
  return built(status, body, `refusal ${name}`)
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'))
  } catch {
    return undefined
  }
}

/**
 * New session cookies get a value of their own (returned), cleared ones end the session, and
 * `Secure` goes (the mock is plain http, also on the LAN).
 */
function rewriteCookies(
  layer: Layer,
  out: OutgoingHttpHeaders,
  cookies: string[],
  sid: string | undefined,
): string | undefined {
  const name = layer.contract.sessionCookie
  let minted: string | undefined
  out['set-cookie'] = cookies.map((cookie) => {
    let next = cookie.replace(/;\s*Secure(?=;|$)/gi, '')
    const value = cookieValue(next.split(';')[0], name)
    if (value === undefined) return next
    if (value === '') {
      if (sid) layer.sessions.end(sid)
    } else {
      minted = `mock-${randomUUID()}`
      next = next.replace(`${name}=${value}`, `${name}=${minted}`)
    }
    return next
  })
  return minted
}
