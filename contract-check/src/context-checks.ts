// Checks that judge an answer in its context, which a schema alone cannot show:
// - session: after a call sets the session cookie, no call sent with it is refused (401/403)
//   until a call ends it; the Set-Cookie carries the attributes the contract promises
//   (`x-cookie-attributes` of the cookie security scheme; Secure only on an https target);
// - agreement: a value in the request (path or query parameter, top-level body property) and
//   the answer's top-level property of the same name (or the one the input's `x-answered-as`
//   names) agree; an input annotated `x-max-items-of: <array>` bounds that array's length;
// - promises: the prose promises the contract turns into annotations on its schemas:
//   `x-unique` (no two answers of the run carry the same value), `x-sorted: {by, order}` (an
//   array's order by a date field), `x-currency: <sibling>` (a money string has the decimals
//   the sibling currency's `x-decimals` gives), the value rules of ./value-promises.ts
//   (`x-utc`, `x-zero-date`, `x-time-zone`, `x-formula`), `x-after: <sibling>` (a date-time
//   later than its sibling's), `x-deadline: {while?}` (an instant not passed yet when answered,
//   while the object's status is one of `while`) and `x-immutable` (a field of an order or usage, known by its id,
//   answers the same value every time the run sees it);
// - lifecycle: the status enums' `x-lifecycle` tables (./lifecycles.ts): an order or usage seen
//   twice in the run (create then get or check, a list then a get) moved only along the table, a
//   created one (201) is in an initial status, and an ended one carries `closedAt` and a reason
//   the moves into its status name (an open one neither).
// Every rule is read from the contract; none names an operation or a status.
import type { CheckOutcome } from './check-shared'
import { extensionsOf, type Contract, type ContractOperation, type Json } from './contract'
import { setCookies, type CheckName, type Finding } from './drift-checks'
import type { JudgedCall } from './drift-exchange'
import { reachable, reasonsInto, type Lifecycle } from './lifecycles'
import { formula, timeZone, utc, zeroDate } from './value-promises'

type Tally = { judged: number; failed: number; what: Set<string> }

const is2xx = (status: number) => status >= 200 && status < 300
const isObject = (v: unknown): v is Json => Boolean(v) && typeof v === 'object' && !Array.isArray(v)
const isScalar = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v)

type Input = { name: string; where: string; value: unknown; sent: boolean; ext: Json }

/** The request's inputs: path and query parameters, and the top-level scalar body properties. */
export function inputsOf(op: ContractOperation, url: URL, requestBody: unknown): Input[] {
  const out: Input[] = []
  const names: string[] = []
  const pattern = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, n) => {
    names.push(String(n))
    return '([^/]+)'
  })
  const match = new RegExp(`${pattern}$`).exec(url.pathname)
  for (const p of op.parameters) {
    let value: unknown
    if (p.in === 'path' && match) value = decodeURIComponent(match[names.indexOf(p.name) + 1] ?? '')
    else if (p.in === 'query') value = url.searchParams.get(p.name) ?? undefined
    else continue
    const sent = value !== undefined
    // An input not sent still bounds a list by its default (the page size the server uses).
    value ??= p.schema.default
    if (value !== undefined && value !== null)
      out.push({ name: p.name, where: p.in, value, sent, ext: p.extensions })
  }
  const properties = (op.requestSchema?.properties ?? {}) as Json
  if (isObject(requestBody)) {
    for (const [name, value] of Object.entries(requestBody)) {
      if (isScalar(value))
        out.push({ name, where: 'body', value, sent: true, ext: extensionsOf(properties[name]) })
    }
  }
  return out
}

export class ContextChecks {
  /** The call that set the session now held, while it is held. */
  private live: { operationId: string; index: number } | undefined
  private readonly unique = new Map<string, string>()
  /** The last status each order or usage was seen in, by lifecycle and identity. */
  private readonly sightings = new Map<string, { status: string; where: string }>()
  private readonly tally = new Map<string, Tally>()
  /** The first value of each `x-immutable` field seen, by identity and field. */
  private readonly fixed = new Map<string, { value: string; where: string }>()
  /** The audit promises (./audit.ts) a rule judged at least once in this run. */
  readonly reached = new Set<string>()
  /** The lifecycle moves seen between two looks at the same order or usage (`Table FROM -> TO`). */
  readonly moves = new Set<string>()

  constructor(
    private readonly contract: Contract,
    private readonly target: string,
    private readonly enabled: ReadonlySet<CheckName>,
  ) {}

  readonly judge = (call: JudgedCall): Finding[] => {
    const out: Finding[] = []
    if (this.enabled.has('session')) out.push(...this.count('session', call, this.session(call)))
    if (call.check === 'negative' || call.check === 'auth') return out
    if (this.enabled.has('agreement'))
      out.push(...this.count('agreement', call, this.agreement(call)))
    if (this.enabled.has('promises')) out.push(...this.count('promises', call, this.promises(call)))
    // A replay is the first answer again by design (a status since left behind): not a look.
    if (this.enabled.has('lifecycle') && call.check !== 'idempotency') {
      const judged = this.lifecycle(call)
      // The final-state check judges its own calls (a reopened order is its finding); what
      // they saw still counts as the latest look.
      if (call.check !== 'final-state') out.push(...this.count('lifecycle', call, judged))
    }
    return out
  }

  /** One outcome per check and operation the rules applied to. */
  outcomes(): CheckOutcome[] {
    return [...this.tally].map(([key, t]) => {
      const [check, operationId] = key.split(' ') as [CheckName, string]
      return {
        check,
        operationId,
        status: t.failed ? 'failed' : 'passed',
        detail: `${t.judged} answer${t.judged === 1 ? '' : 's'} judged (${[...t.what].join(', ')}), ${t.failed} failed`,
      }
    })
  }

  private count(
    check: CheckName,
    call: JudgedCall,
    result: { findings: Finding[]; what: string[] },
  ): Finding[] {
    if (!result.what.length) return result.findings
    const key = `${check} ${call.op.operationId}`
    const t = this.tally.get(key) ?? { judged: 0, failed: 0, what: new Set<string>() }
    t.judged++
    if (result.findings.length) t.failed++
    for (const w of result.what) t.what.add(w)
    this.tally.set(key, t)
    return result.findings
  }

  private session(call: JudgedCall): { findings: Finding[]; what: string[] } {
    const name = this.contract.sessionCookie
    const findings: Finding[] = []
    const what: string[] = []
    if (!name) return { findings, what }
    const set = setCookies(call.headers).get(name)
    if (
      call.sessionSent &&
      call.op.secured &&
      this.live &&
      call.check !== 'session' &&
      set === undefined
    ) {
      what.push('live session kept')
      this.reached.add('session-live')
      if (call.status === 401 || call.status === 403) {
        findings.push({
          kind: 'session-refused',
          field: 'status',
          message: `answered ${call.status} to the live session set by ${this.live.operationId} (call #${this.live.index}); only a call that ends the session may end it`,
        })
      }
    }
    if (call.check !== 'scenario' || set === undefined) return { findings, what }
    if (set === null) {
      this.live = undefined
      return { findings, what }
    }
    this.live = { operationId: call.op.operationId, index: call.index }
    what.push('cookie attributes')
    this.reached.add('session-cookie')
    findings.push(...this.cookieAttributes(name, call.headers))
    return { findings, what }
  }

  private cookieAttributes(name: string, headers: Headers): Finding[] {
    const line = headers.getSetCookie().find((l) => l.trim().startsWith(`${name}=`))
    if (!line) return []
    const attrs = new Map(
      line
        .split(';')
        .slice(1)
        .map((a) => {
          const [k = '', ...v] = a.split('=')
          return [k.trim().toLowerCase(), v.join('=').trim()] as const
        }),
    )
    const findings: Finding[] = []
    for (const [attr, promised] of Object.entries(this.contract.cookieAttributes)) {
      const key = attr.toLowerCase()
      if (key === 'secure' && !this.target.startsWith('https:')) continue
      const sent = attrs.get(key)
      const ok =
        promised === true
          ? sent !== undefined
          : sent !== undefined && sent.toLowerCase() === String(promised).toLowerCase()
      if (!ok) {
        findings.push({
          kind: 'session',
          field: `set-cookie ${name} ${attr}`,
          message: `the session cookie is set without ${promised === true ? attr : `${attr}=${String(promised)}`} (sent: ${sent === undefined ? 'absent' : sent || 'present'}), which the contract promises`,
        })
      }
    }
    return findings
  }

  private agreement(call: JudgedCall): { findings: Finding[]; what: string[] } {
    const findings: Finding[] = []
    const what: string[] = []
    const { body } = call
    if (!is2xx(call.status) || !isObject(body)) return { findings, what }
    for (const input of inputsOf(call.op, call.url, call.requestBody)) {
      const alias = input.ext['x-answered-as']
      const field = input.name in body ? input.name : typeof alias === 'string' ? alias : undefined
      const answered = field ? body[field] : undefined
      if (input.sent && field && isScalar(answered)) {
        what.push(`${input.name} = ${field}`)
        this.reached.add('answered-as')
        if (String(answered) !== String(input.value))
          findings.push({
            kind: 'agreement',
            field,
            message: `answers ${field} ${JSON.stringify(answered)} to the ${input.where} ${input.name} ${JSON.stringify(input.value)}`,
          })
      }
      const bounded = input.ext['x-max-items-of']
      const list = typeof bounded === 'string' ? body[bounded] : undefined
      if (Array.isArray(list)) {
        what.push(`${bounded as string} <= ${input.name}`)
        this.reached.add('page-size')
        if (list.length > Number(input.value))
          findings.push({
            kind: 'agreement',
            field: bounded as string,
            message: `${list.length} ${bounded as string} on a page of ${input.name} ${String(input.value)}`,
          })
      }
    }
    return { findings, what }
  }

  private promises(call: JudgedCall): { findings: Finding[]; what: string[] } {
    const findings: Finding[] = []
    const what = new Set<string>()
    const media = documentedSchema(call.op, call.status)
    if (media === undefined || call.body === undefined) return { findings, what: [] }
    this.walk(media, call.body, '', (ext, value, path, parent, parentSchema) => {
      if (ext['x-unique'] === true && isScalar(value)) {
        what.add(`${path} unique`)
        this.reached.add('request-id')
        const key = `${path.replace(/\.\d+/g, '.*')}=${String(value)}`
        const first = this.unique.get(key)
        if (first)
          findings.push({
            kind: 'promise',
            field: path,
            message: `${path} ${JSON.stringify(value)} was already answered by ${first}; the contract promises a new one per answer`,
          })
        else this.unique.set(key, `${call.op.operationId} (call #${call.index})`)
      }
      const sorted = ext['x-sorted'] as { by?: string; order?: string } | undefined
      if (sorted?.by && Array.isArray(value)) {
        what.add(`${path || '(body)'} by ${sorted.by}`)
        this.reached.add('sorted')
        const bad = outOfOrder(value, sorted.by, sorted.order === 'asc' ? 1 : -1)
        if (bad !== undefined)
          findings.push({
            kind: 'promise',
            field: `${path}.${bad}.${sorted.by}`,
            message: `${path}.${bad} is not in ${sorted.order ?? 'desc'} order of ${sorted.by}`,
          })
      }
      const currencyField = ext['x-currency']
      if (typeof currencyField === 'string' && typeof value === 'string' && parent) {
        const currency = parent[currencyField]
        const sibling = this.contract.resolve<Json>(
          (parentSchema?.properties as Json | undefined)?.[currencyField],
        )
        const decimals = (sibling?.['x-decimals'] as Json | undefined)?.[String(currency)]
        if (typeof decimals === 'number') {
          what.add(`${path} decimals of ${currencyField}`)
          this.reached.add('decimals')
          const has = value.split('.')[1]?.length ?? 0
          if (has !== decimals)
            findings.push({
              kind: 'promise',
              field: path,
              message: `${path} ${JSON.stringify(value)} has ${has} decimals; ${String(currency)} has ${decimals}`,
            })
        }
      }
      findings.push(...this.valuePromises(ext, value, path, parent, parentSchema, call, what))
    })
    return { findings, what: [...what] }
  }

  /** The rules of one value: ./value-promises.ts, `x-after` and `x-immutable`. */
  private valuePromises(
    ext: Json,
    value: unknown,
    path: string,
    parent: Json | undefined,
    parentSchema: Json | undefined,
    call: JudgedCall,
    what: Set<string>,
  ): Finding[] {
    const findings: Finding[] = []
    const field = path.replace(/\.\d+(?=\.|$)/g, '.*') || '(body)'
    const judge = (id: string, label: string, broken: string | undefined) => {
      this.reached.add(id)
      what.add(`${field} ${label}`)
      if (broken) findings.push({ kind: 'promise', field: path, message: `${path} ${broken}` })
    }
    if (typeof value === 'string') {
      if (ext['x-utc'] === true) judge('utc', 'in UTC', utc(value))
      if (ext['x-zero-date'])
        judge('zero-date', 'not a zero date', zeroDate(ext['x-zero-date'], value))
      if (ext['x-time-zone'] === 'iana') judge('time-zone', 'an IANA zone', timeZone(value))
      const deadline = ext['x-deadline'] as { while?: unknown } | undefined
      const applies = !Array.isArray(deadline?.while) || deadline.while.includes(parent?.status)
      if (deadline && typeof deadline === 'object' && applies)
        judge(
          'deadline',
          'not passed',
          Date.parse(value) > Date.now() - CLOCK_SKEW_MS
            ? undefined
            : `${value} has passed: the answer should have moved on (the contract's x-deadline)`,
        )
      const after = ext['x-after']
      const earlier = typeof after === 'string' ? parent?.[after] : undefined
      if (typeof earlier === 'string')
        judge(
          'after',
          `after ${after}`,
          Date.parse(value) > Date.parse(earlier) ? undefined : `is not after ${after} ${earlier}`,
        )
    }
    const expression = ext['x-formula']
    if (typeof expression === 'string' && parent)
      judge('formula', `= ${expression}`, formula(expression, value, parent))
    const identity =
      ext['x-immutable'] === true && parent && parentSchema && identityOf(parent, parentSchema)
    if (identity && value !== undefined && call.check !== 'idempotency') {
      const name = path.slice(path.lastIndexOf('.') + 1)
      const key = `${identity} ${name}`
      const seen = JSON.stringify(value)
      const first = this.fixed.get(key)
      judge(
        'fixed',
        'unchanged',
        first && first.value !== seen
          ? `of ${identity} is ${seen}, but ${first.where} answered ${first.value}; the contract fixes it when the order is made`
          : undefined,
      )
      if (!first)
        this.fixed.set(key, { value: seen, where: `${call.op.operationId} (call #${call.index})` })
    }
    return findings
  }

  private lifecycle(call: JudgedCall): { findings: Finding[]; what: string[] } {
    const findings: Finding[] = []
    const what = new Set<string>()
    const media = documentedSchema(call.op, call.status)
    if (!is2xx(call.status) || media === undefined || call.body === undefined)
      return { findings, what: [] }
    this.walk(media, call.body, '', (ext, value, path, parent, parentSchema) => {
      const life = this.contract.lifecycles.find((l) => l.table === ext['x-lifecycle'])
      if (!life || typeof value !== 'string' || !parent || !parentSchema) return
      // A status the table does not know is the schema's finding (an enum value), not a move.
      if (!statusesOf(life).has(value)) return
      what.add(life.name)
      const at = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : ''
      findings.push(...this.endFields(life, value, parent, parentSchema, at))
      const identity = identityOf(parent, parentSchema)
      if (identity === undefined) return
      const key = `${life.name} ${identity}`
      const before = this.sightings.get(key)
      const here = `${call.op.operationId} (call #${call.index})`
      if (before) this.reached.add('lifecycle-moves')
      if (before && before.status !== value)
        this.moves.add(`${life.name} ${before.status} -> ${value}`)
      if (!before && call.status === 201) this.reached.add('lifecycle-initial')
      if (before && !reachable(life, before.status, value)) {
        findings.push({
          kind: 'lifecycle',
          field: path,
          message: `${identity} moved from ${before.status} (${before.where}) to ${value}, which ${life.name}'s x-lifecycle does not allow`,
        })
      } else if (!before && call.status === 201 && !life.initial.includes(value)) {
        findings.push({
          kind: 'lifecycle',
          field: path,
          message: `${identity} was created ${value}; ${life.name}'s x-lifecycle starts in ${life.initial.join(' or ')}`,
        })
      }
      this.sightings.set(key, { status: value, where: here })
    })
    return { findings, what: [...what] }
  }

  /**
   * An ended order carries when (`closedAt`) and why (its reason property: the one whose enum
   * holds the table's reasons), as the moves into its status say; an open one neither.
   */
  private endFields(
    life: Lifecycle,
    status: string,
    order: Json,
    schema: Json,
    at: string,
  ): Finding[] {
    const findings: Finding[] = []
    const field = (name: string) => (at ? `${at}.${name}` : name)
    const ended = life.final.includes(status)
    const properties = (schema.properties ?? {}) as Json
    if (CLOSED_AT in properties) this.reached.add('lifecycle-end')
    if (CLOSED_AT in properties && (order[CLOSED_AT] === null) === ended) {
      findings.push({
        kind: 'lifecycle',
        field: field(CLOSED_AT),
        message: ended
          ? `${status} is final in ${life.name}'s x-lifecycle: ${CLOSED_AT} must be set, not null`
          : `${status} is not final in ${life.name}'s x-lifecycle: ${CLOSED_AT} must be null`,
      })
    }
    const reasonField = this.reasonProperty(life, properties)
    if (reasonField === undefined) return findings
    const allowed = ended ? reasonsInto(life, status) : undefined
    const reason = order[reasonField] ?? null
    const ok = allowed ? allowed.includes(String(reason)) : reason === null
    if (!ok) {
      findings.push({
        kind: 'lifecycle',
        field: field(reasonField),
        message: `${status} carries ${reasonField} ${JSON.stringify(reason)}; ${life.name}'s x-lifecycle says ${allowed ? `one of ${allowed.join(', ')}` : 'null'}`,
      })
    }
    return findings
  }

  /** The property holding why an order ended: its enum carries the reasons the table names. */
  private reasonProperty(life: Lifecycle, properties: Json): string | undefined {
    const reasons = life.transitions.flatMap((t) => t.reasons ?? [])
    if (!reasons.length) return undefined
    const enumOf = (raw: unknown): unknown[] => {
      const s = this.contract.resolve<Json>(raw)
      if (!s || typeof s !== 'object') return []
      const own = Array.isArray(s.enum) ? s.enum : []
      const members = ['oneOf', 'anyOf'].flatMap((k) => (s[k] ?? []) as unknown[])
      return [...own, ...members.flatMap(enumOf)]
    }
    return Object.keys(properties).find((name) => {
      const values = enumOf(properties[name])
      return reasons.every((r) => values.includes(r))
    })
  }

  /**
   * The subschemas of `key` a value is judged by: of a `oneOf` with a discriminator (the error
   * responses: one schema per code), only the one its discriminator value names, so a promise
   * (x-unique requestId) is read once, not once per branch; otherwise every one.
   */
  private branches(schema: Json, key: string, value: unknown): unknown[] {
    const all = (schema[key] ?? []) as unknown[]
    const property = (schema.discriminator as Json | undefined)?.propertyName
    if (key !== 'oneOf' || typeof property !== 'string' || !isObject(value)) return all
    const chosen = all.filter((sub) => {
      const props = this.contract.resolve<Json | undefined>(sub)?.properties as Json | undefined
      return this.contract.resolve<Json | undefined>(props?.[property])?.const === value[property]
    })
    return chosen.length ? chosen : all
  }

  /** Visits a JSON value with its schema: each node with its `x-` keys, parent and parent schema. */
  private walk(
    raw: unknown,
    value: unknown,
    path: string,
    visit: (ext: Json, value: unknown, path: string, parent?: Json, parentSchema?: Json) => void,
    parent?: Json,
    parentSchema?: Json,
    depth = 0,
  ): void {
    if (depth > 24 || !raw || typeof raw !== 'object') return
    const schema = this.contract.resolve<Json>(raw)
    if (!schema) return
    visit({ ...extensionsOf(schema), ...extensionsOf(raw) }, value, path, parent, parentSchema)
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      for (const sub of this.branches(schema, key, value))
        this.walk(sub, value, path, visit, parent, parentSchema, depth + 1)
    }
    const join = (k: string | number) => (path ? `${path}.${k}` : String(k))
    if (isObject(value) && isObject(schema.properties)) {
      for (const [k, sub] of Object.entries(schema.properties)) {
        if (k in value) this.walk(sub, value[k], join(k), visit, value, schema, depth + 1)
      }
    }
    if (Array.isArray(value) && schema.items) {
      value.forEach((item, i) =>
        this.walk(schema.items, item, join(i), visit, undefined, undefined, depth + 1),
      )
    }
  }
}

/** Every status a table names. */
const statusesOf = (life: Lifecycle) =>
  new Set([...life.initial, ...life.final, ...life.transitions.flatMap((t) => [t.from, t.to])])

/** How far a server's clock may lag ours before an `x-deadline` counts as passed. */
const CLOCK_SKEW_MS = 60_000

/** When an order ended: null until it does (the contract's Deposit and Withdraw). */
const CLOSED_AT = 'closedAt'

/**
 * Who an order or usage is: its first required property of the contract's `Id` schema (`id`,
 * a usage's `usageId`), as `name=value`.
 */
function identityOf(value: Json, schema: Json): string | undefined {
  const properties = (schema.properties ?? {}) as Record<string, Json>
  const required = Array.isArray(schema.required) ? schema.required.map(String) : []
  const name = required.find((n) => String(properties[n]?.$ref ?? '').endsWith('/Id'))
  const id = name === undefined ? undefined : value[name]
  return typeof id === 'string' ? `${name}=${id}` : undefined
}

function documentedSchema(op: ContractOperation, status: number): unknown {
  const response = op.responses[String(status)]
  const content = response?.content as Record<string, { schema?: unknown }> | undefined
  return content ? Object.values(content)[0]?.schema : undefined
}

/** The index of the first item out of order (by a date or other comparable field), if any. */
function outOfOrder(items: unknown[], by: string, direction: 1 | -1): number | undefined {
  const keys = items.map((item) => {
    const v = isObject(item) ? item[by] : undefined
    const t = typeof v === 'string' ? Date.parse(v) : Number(v)
    return Number.isNaN(t) ? undefined : t
  })
  for (let i = 1; i < keys.length; i++) {
    const a = keys[i - 1]
    const b = keys[i]
    if (a !== undefined && b !== undefined && (b - a) * direction < 0) return i
  }
  return undefined
}
