// @vitest-environment node
// The scenario file against the contract, and the layer's pure parts (no server).
import { describe, expect, it } from 'vitest'
import { answerOf, exampleByParameters, preferFor, statusOf } from '../../mock/choose'
import { loadContract, type OperationId } from '../../mock/contract'
import { scenarios, type Choices, type Transition } from '../../mock/scenarios'
import { Sessions } from '../../mock/sessions'

const contract = loadContract()

describe('mock/scenarios.ts', () => {
  // When the contract renames an example, this names each scenario line to re-point.
  const uses = Object.entries(scenarios).flatMap(([name, scenario]) => {
    const transitions: Transition[] = scenario.transitions
    const choices = (where: string, of: Choices) =>
      Object.entries(of)
        .filter(([, example]) => example !== null)
        .map(([id, example]) => ({
          where: `${name} ${where} ${id}`,
          id: id as OperationId,
          example: example as string,
        }))
    return [
      ...choices('prefer', scenario.prefer as Choices),
      ...transitions.flatMap((t) => [
        ...choices(`after ${t.after}:`, t.then),
        ...(t.answered
          ? [{ where: `${name} after ${t.after} answered`, id: t.after, example: t.answered }]
          : []),
      ]),
    ]
  })

  it.each(uses.map((u) => [u.where, u.example, u.id] as const))(
    '%s: example "%s" exists',
    (_, name, id) => {
      expect(statusOf(contract.operation(id), name)).toBeDefined()
    },
  )

  it('has the scenarios the README promises, each described', () => {
    for (const name of [
      'default',
      'new-player',
      'open-order',
      'paid-after-check',
      'active-promotion',
      'blocked',
      'insufficient-credit',
    ]) {
      expect(scenarios).toHaveProperty(name)
    }
    for (const scenario of Object.values(scenarios))
      expect(scenario.description.length).toBeGreaterThan(20)
  })
})

describe('choosing an answer', () => {
  it('finds the status an example is documented under, success first', () => {
    const createDeposit = contract.operation('createDeposit')
    expect(statusOf(createDeposit, 'open')).toBe(201)
    expect(statusOf(createDeposit, 'OPEN_ORDER')).toBe(409)
    expect(preferFor(createDeposit, 'BANK_ACCOUNT_REQUIRED')).toBe(
      'code=422, example=BANK_ACCOUNT_REQUIRED',
    )
  })

  it('a name the contract lacks gives no Prefer (the default answer stays)', () => {
    expect(preferFor(contract.operation('listBankAccounts'), 'no-such-example')).toBeUndefined()
  })

  it('parameter rules pick nothing when no example fits', () => {
    const op = contract.operation('listDeposits')
    expect(exampleByParameters(op, {}, new URLSearchParams('page=999'))).toBeUndefined()
    expect(exampleByParameters(op, {}, new URLSearchParams())).toBeUndefined()
  })

  it('reads what a Prefer asks for, with Prism defaults for what it leaves out', () => {
    const op = contract.operation('checkDeposit')
    expect(answerOf(op, undefined)).toEqual({ status: 200, example: 'paid' })
    expect(answerOf(op, 'code=409')).toEqual({ status: 409, example: 'ORDER_NOT_PAID' })
    expect(answerOf(op, 'code=409, example=ORDER_NOT_PAID')).toEqual({
      status: 409,
      example: 'ORDER_NOT_PAID',
    })
  })

  it('matches literal paths before templated ones', () => {
    expect(contract.match('GET', '/v2/promotions/usages')?.op.id).toBe('listPromotionUsages')
    expect(contract.match('GET', '/v2/promotions/pr_daily10')).toMatchObject({
      op: { id: 'getPromotion' },
      params: { promotionId: 'pr_daily10' },
    })
    expect(contract.match('GET', '/v2/nowhere')).toBeUndefined()
  })
})

describe('Sessions', () => {
  it('keeps at most max sessions, dropping the least recently used', () => {
    const sessions = new Sessions(2)
    sessions.apply('a', 'default', { listBankAccounts: 'one' })
    sessions.apply('b', 'default', { listBankAccounts: 'one' })
    sessions.changed('a', 'default') // a is now the most recent
    sessions.apply('c', 'default', { listBankAccounts: 'one' })
    expect(sessions.size).toBe(2)
    expect(sessions.changed('b', 'default')).toEqual({})
    expect(sessions.changed('a', 'default')).toEqual({ listBankAccounts: 'one' })
  })

  it('keeps state per scenario, and logout forgets it and refuses the cookie', () => {
    const sessions = new Sessions(10)
    sessions.apply('a', 'new-player', { listBankAccounts: 'one' })
    expect(sessions.changed('a', 'default')).toEqual({})
    sessions.end('a')
    expect(sessions.isEnded('a')).toBe(true)
    expect(sessions.changed('a', 'new-player')).toEqual({})
    sessions.reset()
    expect(sessions.isEnded('a')).toBe(false)
  })
})
