// The checks after write calls (--write): Idempotency-Key replay where the operation declares the
// header, and read-back of the id a create answered in the calls the site reads it back with.
import {
  documentedResponse,
  headerParameter,
  type Contract,
  type ContractOperation,
} from './contract'
import {
  contains,
  createdId,
  is4xx,
  ok,
  pathOf,
  type CheckOutcome,
  type StepCall,
} from './check-shared'
import { parseJson } from './drift-exchange'
import type { CallRecord, Finding } from './drift-checks'

/**
 * Where a created resource is read back, in the order the site reads it: the id the create
 * answered must appear in one of these answers. Operations missing from the contract are skipped.
 */
export const READ_BACK: Record<string, string[]> = {
  createDeposit: ['listOpenDeposits', 'listDeposits'],
  createWithdraw: ['listOpenWithdraws', 'listWithdraws'],
  addBankAccount: ['listBankAccounts'],
  usePromotion: ['getCurrentPromotion', 'listPromotionUsages'],
}

/** Idempotency-Key: the same key and body again must answer the first answer. */
export async function idempotency(call: StepCall): Promise<CheckOutcome[]> {
  const { step, op, first, path, query, rawRequest } = call
  const out: CheckOutcome[] = []
  const keyParam = headerParameter(op, 'Idempotency-Key')
  if (!step.enabled.has('idempotency')) {
    // not asked for
  } else if (step.kind === 'write' && keyParam) {
    const key = first.request.headers.find(([k]) => k.toLowerCase() === keyParam.name.toLowerCase())
    const firstBody = parseJson(step.rawBody(first)?.response)
    if (!ok(first.status) || !key) {
      out.push({
        check: 'idempotency',
        operationId: op.operationId,
        status: 'not exercised',
        detail: !key
          ? `the call sent no ${keyParam.name}`
          : `the first call answered ${first.status ?? 'nothing'}, so nothing was created to replay`,
      })
    } else {
      const id = createdId(firstBody)
      const listed = await listedCount(call)
      const { record } = await step.send({
        operationId: op.operationId,
        check: 'idempotency',
        method: op.method,
        path,
        query,
        headers: first.request.headers.filter(([k]) => k.toLowerCase() !== 'cookie'),
        body: rawRequest,
        withSession: true,
        note: `same ${keyParam.name} and body again`,
        judge: ({ status, body }) => {
          // A repeat answers the first answer: same status, same resource.
          if (status !== first.status)
            return [
              {
                kind: 'idempotency',
                field: keyParam.name,
                message: `the replay answered ${status}, not the first call's ${first.status}`,
              },
            ]
          const again = createdId(body)
          if (id !== undefined && again !== id)
            return [
              {
                kind: 'idempotency',
                field: keyParam.name,
                message: `the replay created another resource (${again ?? 'no id'}, first ${id}): cancel it by hand`,
              },
            ]
          return []
        },
      })
      // Its mark only on what is a replay: another resource is already that finding.
      if (!record.findings.some((f) => f.kind === 'idempotency'))
        record.findings.push(...replayMarker(step.contract, op, first, record))
      // Nothing new may be visible where the site lists what the create made.
      const replayFailed = record.findings.some((f) => f.kind === 'idempotency')
      const grown = listed && !replayFailed ? await listedCount(call, listed) : undefined
      out.push({
        check: 'idempotency',
        operationId: op.operationId,
        status: replayFailed || grown?.failed ? 'failed' : 'passed',
        detail: `replayed with the same ${keyParam.name}: ${record.status ?? 'no answer'}${listed ? `; ${listed.reader} listed ${listed.count}, then ${grown?.count ?? '?'}` : ''}`,
      })
    }
  } else if (step.kind === 'write' && READ_BACK[op.operationId]) {
    out.push({
      check: 'idempotency',
      operationId: op.operationId,
      status: 'not exercised',
      detail: 'the contract declares no Idempotency-Key header for this operation',
    })
  }

  return out
}

/**
 * The header the answer documents as the replay's mark (`x-replay-marker`: Idempotent-Replayed)
 * must be on the replay, as `true`, and not on the first answer.
 */
function replayMarker(
  contract: Contract,
  op: ContractOperation,
  first: CallRecord,
  replay: CallRecord,
): Finding[] {
  const headers = documentedResponse(op, first.status ?? 0)?.headers ?? {}
  const name = Object.keys(headers).find(
    (h) => contract.resolve<Record<string, unknown>>(headers[h])?.['x-replay-marker'] === true,
  )
  if (!name || replay.status !== first.status) return []
  const valueIn = (call: CallRecord) =>
    call.response?.headers.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1]
  const findings: Finding[] = []
  if (valueIn(replay) !== 'true')
    findings.push({
      kind: 'idempotency',
      field: name,
      message: `the replay answered without ${name}: true (sent: ${valueIn(replay) ?? 'absent'})`,
    })
  if (valueIn(first) !== undefined)
    findings.push({
      kind: 'idempotency',
      field: name,
      message: `the first answer already carried ${name}: ${valueIn(first)}; only a replay does`,
    })
  return findings
}

/** Items in the answer's top-level lists. */
function itemCount(body: unknown): number {
  if (!body || typeof body !== 'object') return 0
  return Object.values(body).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0)
}

/**
 * How many items the first list the site reads a create back with holds (READ_BACK); given the
 * count before an Idempotency-Key replay, a list that grew is a finding on that call.
 */
async function listedCount(
  call: StepCall,
  before?: { reader: string; count: number },
): Promise<{ reader: string; count: number; failed: boolean } | undefined> {
  const { step, op } = call
  const reader = (READ_BACK[op.operationId] ?? []).find((r) => step.contract.operations.has(r))
  const r = reader ? step.contract.operations.get(reader) : undefined
  if (!reader || !r || r.parameters.some((p) => p.in === 'path')) return undefined
  const { record, body } = await step.send({
    operationId: reader,
    check: 'idempotency',
    method: r.method,
    path: r.path,
    withSession: r.secured,
    note: `${op.operationId} ${before ? 'after' : 'before'} the replay: what ${reader} lists`,
    judge: ({ status, body: b }) =>
      before && ok(status) && itemCount(b) > before.count
        ? [
            {
              kind: 'idempotency',
              field: reader,
              message: `the replay answered the first answer, but ${reader} lists ${itemCount(b) - before.count} more item(s) after it: it created something again`,
            },
          ]
        : [],
  })
  if (!ok(record.status)) return undefined
  const failed = record.findings.some((f) => f.kind === 'idempotency')
  return { reader, count: itemCount(body), failed }
}

/** Read-back: the id a create answered is listed where the site reads it. */
export async function readBack(call: StepCall): Promise<CheckOutcome[]> {
  const { step, op, first } = call
  const out: CheckOutcome[] = []
  const readers = READ_BACK[op.operationId]
  if (readers && step.enabled.has('read-back')) {
    const id = createdId(parseJson(step.rawBody(first)?.response))
    const available = readers.filter((r) => step.contract.operations.has(r))
    if (!ok(first.status) || id === undefined || !available.length) {
      out.push({
        check: 'read-back',
        operationId: op.operationId,
        status: 'not exercised',
        detail: !available.length
          ? `none of ${readers.join(', ')} is in the contract`
          : `the create answered ${first.status ?? 'nothing'}${ok(first.status) ? ' without an id' : ''}`,
      })
    } else {
      let found: string | undefined
      const tried: CallRecord[] = []
      for (const reader of available) {
        const r = step.contract.operations.get(reader)!
        const q = new URLSearchParams()
        if (r.parameters.some((p) => p.in === 'query' && p.name === 'page')) q.set('page', '1')
        const { record, body } = await step.send({
          operationId: reader,
          check: 'read-back',
          method: r.method,
          path: pathOf(r.path, {}),
          query: q,
          withSession: r.secured,
          note: `read back ${op.operationId} ${id}`,
        })
        tried.push(record)
        if (ok(record.status) && contains(body, id)) {
          found = reader
          break
        }
      }
      if (!found) {
        tried.at(-1)!.findings.push({
          kind: 'read-back',
          field: 'id',
          message: `${op.operationId} answered id ${id}, which ${available.join(' and ')} do not list`,
        })
      }
      out.push({
        check: 'read-back',
        operationId: op.operationId,
        status: found ? 'passed' : 'failed',
        detail: found ? `id ${id} listed by ${found}` : `id ${id} not listed`,
      })
    }
  }

  return out
}

const codeOf = (body: unknown) =>
  body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined

/**
 * One at a time: a create the contract allows once while its result stands (`x-repeat-refused`:
 * one open order, one bank account, one usage in force, a promotion once per agency day), made
 * again with a new Idempotency-Key right after it succeeded, must be refused with one of the
 * codes the annotation lists. A first call already refused with one of them shows the same.
 */
export async function oneAtATime(call: StepCall): Promise<CheckOutcome[]> {
  const { step, op, first, path, query, rawRequest } = call
  const listed = op.extensions['x-repeat-refused']
  if (!step.enabled.has('one-at-a-time') || step.kind !== 'write' || !Array.isArray(listed))
    return []
  const codes = listed.map(String)
  const outcome = (status: CheckOutcome['status'], detail: string): CheckOutcome[] => [
    { check: 'one-at-a-time', operationId: op.operationId, status, detail },
  ]
  const firstCode = codeOf(parseJson(step.rawBody(first)?.response))
  if (is4xx(first.status) && codes.includes(String(firstCode)))
    return outcome('passed', `the call itself was refused with ${String(firstCode)}`)
  if (!ok(first.status))
    return outcome('not exercised', `the call answered ${first.status ?? 'nothing'}`)
  const keyParam = headerParameter(op, 'Idempotency-Key')
  const sent = first.request.headers.filter(
    ([k]) => !['cookie', keyParam?.name.toLowerCase()].includes(k.toLowerCase()),
  )
  const { record } = await step.send({
    operationId: op.operationId,
    check: 'one-at-a-time',
    method: op.method,
    path,
    query,
    headers: keyParam ? [...sent, [keyParam.name, crypto.randomUUID()]] : sent,
    body: rawRequest,
    withSession: true,
    note: 'made again with a new key while the first stands',
    judge: ({ status, body }) =>
      is4xx(status) && codes.includes(String(codeOf(body)))
        ? []
        : [
            {
              kind: 'promise',
              field: 'x-repeat-refused',
              message: `made again while the first stands, it answered ${status ?? 'nothing'}${codeOf(body) ? ` ${String(codeOf(body))}` : ''}; the contract refuses it with ${codes.join(' or ')}${ok(status) ? ' (undo what it made by hand)' : ''}`,
            },
          ],
  })
  const failed = record.findings.some((f) => f.field === 'x-repeat-refused')
  return outcome(failed ? 'failed' : 'passed', `made again: ${record.status ?? 'no answer'}`)
}
