// The checks after write calls (--write): Idempotency-Key replay where the operation declares the
// header, and read-back of the id a create answered in the calls the site reads it back with.
import { headerParameter } from './contract'
import { contains, createdId, ok, pathOf, type CheckOutcome, type StepCall } from './check-shared'
import { parseJson } from './drift-exchange'
import type { CallRecord } from './drift-checks'

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
      out.push({
        check: 'idempotency',
        operationId: op.operationId,
        status: record.findings.length ? 'failed' : 'passed',
        detail: `replayed with the same ${keyParam.name}: ${record.status ?? 'no answer'}`,
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
