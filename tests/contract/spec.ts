// Reads the bundled contract (generated/openapi.yaml) for unit and e2e tests.
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { exampleEntriesOf, examplesOf } from '../../generated/api/examples'
import type { OperationId } from '../../generated/api/operations'
import type { components } from '../../generated/api/schema'
import { followRef } from '../../scripts/contract-ref.mjs'

type S = components['schemas']

type Example = { value?: unknown; $ref?: string; 'x-outside-contract'?: boolean }
type Media = { schema?: unknown; examples?: Record<string, Example> }
type Response = {
  $ref?: string
  content?: Record<string, Media>
  headers?: Record<string, unknown>
}
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

// A path built without the global `URL`: under jsdom that is jsdom's class, which node:fs
// refuses, and component tests read examples too.
const specPath = resolve(dirname(fileURLToPath(import.meta.url)), '../../generated/openapi.yaml')
export const spec = parse(readFileSync(specPath, 'utf8')) as Spec

/** Follows a local `$ref` ('#/components/...') of the contract until it reaches a value. */
export function deref<T>(value: T): T {
  return followRef(spec, value)
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

export function allOperations() {
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({
      method,
      path,
      op: item[method] as Operation,
    })),
  )
}

// The contract's examples, resolved by `npm run generate`: one reader for unit tests and e2e.
export { exampleEntriesOf, exampleOf, examplesOf } from '../../generated/api/examples'

/** The named examples of a response that are inside the contract (not the unknown-status ones). */
const inside = (operationId: OperationId, status: string) =>
  exampleEntriesOf(operationId, status)
    .filter((e) => !e.outsideContract)
    .map((e) => e.value)

export function allDeposits(): S['Deposit'][] {
  const out: S['Deposit'][] = []
  for (const v of inside('listDeposits', '200')) out.push(...(v as S['DepositPage']).items)
  for (const [, v] of Object.entries(examplesOf('listOpenDeposits', '200')))
    out.push(...(v as S['OpenDepositList']).deposits)
  for (const op of ['createDeposit', 'getDeposit', 'checkDeposit', 'cancelDeposit'] as const) {
    const status = op === 'createDeposit' ? '201' : '200'
    out.push(...(Object.values(examplesOf(op, status)) as S['Deposit'][]))
  }
  return out
}
export function allWithdraws(): S['Withdraw'][] {
  const out: S['Withdraw'][] = []
  for (const [, v] of Object.entries(examplesOf('listWithdraws', '200')))
    out.push(...(v as S['WithdrawPage']).items)
  for (const [, v] of Object.entries(examplesOf('listOpenWithdraws', '200')))
    out.push(...(v as S['OpenWithdrawList']).withdraws)
  out.push(...(Object.values(examplesOf('createWithdraw', '201')) as S['Withdraw'][]))
  out.push(...(Object.values(examplesOf('getWithdraw', '200')) as S['Withdraw'][]))
  return out
}
export function allUsages(): S['PromotionUsage'][] {
  const out: S['PromotionUsage'][] = []
  for (const v of inside('listPromotionUsages', '200'))
    out.push(...(v as S['PromotionUsagePage']).items)
  for (const op of ['getCurrentPromotion', 'recheckPromotionUsage'] as const) {
    for (const v of Object.values(examplesOf(op, '200'))) {
      const usage = (v as S['CurrentPromotion']).usage
      if (usage) out.push(usage)
    }
  }
  out.push(...(Object.values(examplesOf('usePromotion', '200')) as S['PromotionUsage'][]))
  out.push(...(Object.values(examplesOf('cancelPromotionUsage', '200')) as S['PromotionUsage'][]))
  return out
}
