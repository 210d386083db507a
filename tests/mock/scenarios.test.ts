// @vitest-environment node
// The scenario file against the contract, and the layer's pure parts (no server).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  answerOf,
  exampleByParameters,
  exampleOfChoice,
  preferFor,
  statusOf,
} from '../../mock/choose'
import { loadContract, type OperationId } from '../../mock/contract'
import {
  AS_SCENARIO,
  examplesOfChoice,
  isByParameter,
  scenarios,
  type Choice,
  type Choices,
  type Scenario,
  type Transition,
} from '../../mock/scenarios'
import { Sessions } from '../../mock/sessions'

const contract = loadContract()
function scenarioOf(name: string | undefined): Scenario {
  const found = (scenarios as Record<string, Scenario>)[name ?? '']
  if (!found) throw new Error(`no scenario ${name}`)
  return found
}

/**
 * The body rows of the first table of a document whose header matches: mock/README.md's
 * scenarios (the money contract's, decision 005), and decision 014's, the mock's own beyond them.
 */
function decisionRows(header: RegExp, file = 'mock/README.md'): string[][] {
  const doc = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')
  const lines = doc.slice(doc.search(header)).split('\n').slice(2)
  return lines
    .slice(
      0,
      lines.findIndex((l) => !l.startsWith('|')),
    )
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    )
}
const exampleIn = (prefer: string) => /example=([^,\s]+)/.exec(prefer)?.[1]

describe('mock/scenarios.ts', () => {
  // When the contract renames an example, this names each scenario line to re-point.
  const uses = Object.entries(scenarios).flatMap(([name, scenario]) => {
    const transitions: Transition[] = scenario.transitions
    const choices = (where: string, of: Choices) =>
      (Object.entries(of) as [OperationId, Choice][]).flatMap(([id, choice]) =>
        examplesOfChoice(choice).map((example) => ({
          where: `${name} ${where} ${id}`,
          id,
          example,
        })),
      )
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

  it('AS_SCENARIO appears only in transitions', () => {
    for (const scenario of Object.values(scenarios)) {
      expect(Object.values(scenario.prefer as Choices)).not.toContain(AS_SCENARIO)
    }
  })

  const scenarioHeader = /^\| scenario +\| operationId/m
  const scenarioRows = [
    ...decisionRows(scenarioHeader),
    ...decisionRows(scenarioHeader, 'docs/decisions/014-mock-as-daily-tool.md'),
  ]
  const ruleRows = decisionRows(/^\| operationId +\| parameter/m)

  it("has exactly decision 005's scenarios, each described", () => {
    expect(scenarioRows.length).toBeGreaterThan(40)
    expect(Object.keys(scenarios).sort()).toEqual(
      [...new Set(scenarioRows.map((r) => r[0]))].sort(),
    )
    for (const scenario of Object.values(scenarios))
      expect(scenario.description.length).toBeGreaterThan(40)
  })

  it.each(scenarioRows.filter((r) => r[1] !== '\\*'))(
    'decision 005: %s chooses %s %s',
    (name, id, prefer) => {
      const choice = (scenarioOf(name).prefer as Choices)[id as OperationId]
      expect(choice).toBe(exampleIn(prefer!))
      const code = /code=(\d+)/.exec(prefer!)?.[1]
      if (code)
        expect(statusOf(contract.operation(id as OperationId), choice as string)).toBe(Number(code))
    },
  )

  it.each(ruleRows.filter((r) => r[4] !== 'default'))(
    'decision 005: %s %s=%s answers %s in %s',
    (id, parameter, value, prefer, name) => {
      // In the scenario from the start, or (paid-after-check) once its transition fired.
      const scenario = scenarioOf(name)
      const choices = [
        (scenario.prefer as Choices)[id as OperationId],
        ...scenario.transitions.map((t: Transition) => t.then[id as OperationId]),
      ]
      const named = choices.filter(isByParameter).filter((c) => c.parameter === parameter)
      expect(named.map((c) => c.examples[value!])).toContain(exampleIn(prefer!))
    },
  )
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

  it('a rule answers its documented error for a value no example fits', () => {
    const op = contract.operation('getPromotion')
    expect(exampleByParameters(op, { promotionId: 'pr_daily10' }, new URLSearchParams())).toBe(
      'pr_daily10',
    )
    expect(exampleByParameters(op, { promotionId: 'pr_nowhere' }, new URLSearchParams())).toBe(
      'PROMOTION_NOT_FOUND',
    )
  })

  it("a per-parameter choice names the example of the request's value, or none", () => {
    const choice = { parameter: 'provider', examples: { gclub: 'gclubZero' } }
    const none = new URLSearchParams()
    expect(exampleOfChoice(choice, { provider: 'gclub' }, none)).toBe('gclubZero')
    expect(exampleOfChoice(choice, {}, new URLSearchParams('provider=gclub'))).toBe('gclubZero')
    expect(exampleOfChoice(choice, { provider: 'askmebet' }, none)).toBeUndefined()
    expect(exampleOfChoice('keo', {}, none)).toBe('keo')
    expect(exampleOfChoice(null, {}, none)).toBeUndefined()
    expect(exampleOfChoice(AS_SCENARIO, {}, none)).toBeUndefined()
  })

  it('reads what a Prefer asks for, with Prism defaults for what it leaves out', () => {
    // cancelDeposit, since checkDeposit answers 200 in every status (DepositStatus x-lifecycle).
    const op = contract.operation('cancelDeposit')
    expect(answerOf(op, undefined)).toEqual({ status: 200, example: 'canceled' })
    expect(answerOf(op, 'example=canceled')).toEqual({ status: 200, example: 'canceled' })
    expect(answerOf(op, 'code=409')).toEqual({ status: 409, example: 'ORDER_ALREADY_PAID' })
    expect(answerOf(op, 'code=409, example=ORDER_EXPIRED')).toEqual({
      status: 409,
      example: 'ORDER_EXPIRED',
    })
  })

  it('matches literal paths before templated ones', () => {
    expect(contract.match('GET', '/v2/promotions/usages')?.op.id).toBe('listPromotionUsages')
    expect(contract.match('GET', '/v2/deposits/open')?.op.id).toBe('listOpenDeposits')
    expect(contract.match('GET', '/v2/withdraws/quote')?.op.id).toBe('quoteWithdraw')
    expect(contract.match('GET', '/v2/deposits/dp_1')?.op.id).toBe('getDeposit')
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

  it('AS_SCENARIO forgets what transitions set, back to the scenario', () => {
    const sessions = new Sessions(10)
    sessions.apply('a', 'default', { checkDeposit: 'paid', listOpenDeposits: 'oneOpen' })
    sessions.apply('a', 'default', { checkDeposit: AS_SCENARIO })
    expect(sessions.changed('a', 'default')).toEqual({ listOpenDeposits: 'oneOpen' })
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
