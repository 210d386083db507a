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
//   the sibling currency's `x-decimals` gives).
// Every rule is read from the contract; none names an operation.
import type { CheckOutcome } from './check-shared'
import { extensionsOf, type Contract, type ContractOperation, type Json } from './contract'
import { setCookies, type CheckName, type Finding } from './drift-checks'
import type { JudgedCall } from './drift-exchange'

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
  private readonly tally = new Map<string, Tally>()

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
          const has = value.split('.')[1]?.length ?? 0
          if (has !== decimals)
            findings.push({
              kind: 'promise',
              field: path,
              message: `${path} ${JSON.stringify(value)} has ${has} decimals; ${String(currency)} has ${decimals}`,
            })
        }
      }
    })
    return { findings, what: [...what] }
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
