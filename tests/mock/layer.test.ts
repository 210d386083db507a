// @vitest-environment node
// The mock layer through real HTTP, with real Prism behind it (one of each for this file).
import { describe, expect, it } from 'vitest'
import type { Refusal } from '../../contract-check/src/lifecycles'
import { agreementOf } from '../../mock/agree'
import { loadContract } from '../../mock/contract'
import { EXAMPLE_NOW } from '../../mock/dates'
import { operations, type OperationId } from '../../generated/api/operations'
import {
  AS_SCENARIO,
  isByParameter,
  scenarios,
  type Choice,
  type Choices,
  type Scenario,
  type Transition,
} from '../../mock/scenarios'
import { exampleEntriesOf, examplesOf, spec } from '../contract/spec'
import {
  call,
  defaultExample,
  example,
  login,
  requestExample,
  runMockForFile,
  type CallOptions,
} from './support'

// The examples' own clock: these tests compare answers with the contract's examples as
// written; dates.test.ts checks the dates moved to the real now.
const ctx = runMockForFile({ now: () => EXAMPLE_NOW })

type Json = Record<string, unknown>
const str = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined
/** The one value every item of a list shares in a field, if they share one. */
function shared(list: unknown, field: string): string | undefined {
  if (!Array.isArray(list) || !list.length) return undefined
  const values = new Set(list.map((item) => str((item as Json)[field])))
  const [only] = values
  return values.size === 1 ? only : undefined
}

function successStatus(id: OperationId): string {
  const statuses = Object.keys(examplesByStatus(id)).filter((s) => s.startsWith('2'))
  return statuses.sort()[0] ?? '200'
}

function examplesByStatus(id: OperationId): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {}
  for (const status of ['200', '201', '204', '400', '401', '403', '404', '409', '422', '500']) {
    try {
      out[status] = examplesOf(id, status)
    } catch {
      // Not documented for this operation.
    }
  }
  return out
}

/** The status a named example is documented under (a success status first). */
function statusOfExample(id: OperationId, name: string): number {
  const entries = Object.entries(examplesByStatus(id)).sort(
    ([a], [b]) => Number(a >= '300') - Number(b >= '300') || Number(a) - Number(b),
  )
  const found = entries.find(([, examples]) => name in examples)
  if (!found) throw new Error(`${id} has no example ${name}`)
  return Number(found[0])
}

/** A request that carries one parameter: in the path when the operation's path names it. */
function withParameter(id: OperationId, parameter: string, value: string): CallOptions {
  return operations[id].path.includes(`{${parameter}}`)
    ? { path: { [parameter]: value } }
    : { query: { [parameter]: value } }
}

/**
 * The example as the layer builds it for this request: the player a login or a registration
 * names is the one sent (mock/echo.ts), and a session's player info names the player it logged
 * in as (every session here logs in with the login request's example).
 */
function asSent(id: OperationId, body: unknown, request: CallOptions): unknown {
  const sent = (other: OperationId) =>
    ((request.body ?? requestExample(other)) as { username?: string }).username
  const username =
    id === 'loginPlayer' || id === 'registerPlayer'
      ? sent(id)
      : id === 'getPlayerInfo' && request.sid
        ? sent('loginPlayer')
        : undefined
  // Fields a scenario sets from the session's start (expiring-order): dates.test.ts checks
  // their values; here they are any date-time, where the example has one (an open order's
  // closedAt stays null: mock/dates.ts sets none that the example leaves null).
  const scenario = request.scenario
    ? (scenarios as Record<string, Scenario>)[request.scenario]
    : undefined
  const fromStart = scenario?.dates?.[id] ?? {}
  return JSON.parse(JSON.stringify(body), (key, value: unknown) =>
    key === 'username' && username !== undefined
      ? username
      : Object.hasOwn(fromStart, key) && value !== null
        ? expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
        : value,
  ) as unknown
}

const mockContract = loadContract()
const agreement = agreementOf(mockContract)

/**
 * The request the example answers: where the contract says an answer repeats a request value
 * (same name, or `x-answered-as`: mock/agree.ts), the value sent is the example's, so the layer
 * has nothing to repeat (the QR of the order the scenario shows, a deposit of its amount, a
 * quote of its credit). Values the request already names stay.
 */
function answeredBy(id: OperationId, body: unknown, request: CallOptions): CallOptions {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return request
  const answer = body as Json
  const path = { ...request.path }
  const query = { ...request.query }
  const sent = requestExample(id)
  const sentBody =
    typeof (request.body ?? sent) === 'object' ? { ...((request.body ?? sent) as Json) } : undefined
  for (const input of agreement.inputs(mockContract.operation(id))) {
    const field = input.name in answer ? input.name : (input.answeredAs ?? '')
    const value = answer[field]
    if (!['string', 'number', 'boolean'].includes(typeof value)) continue
    if (input.in === 'path' && request.path?.[input.name] === undefined)
      path[input.name] = String(value)
    if (input.in === 'query' && request.query?.[input.name] === undefined)
      query[input.name] = String(value)
    if (input.in === 'body' && sentBody && input.name in sentBody) sentBody[input.name] = value
  }
  return { ...request, path, query, ...(sentBody ? { body: sentBody } : {}) }
}

/**
 * Asserts that the operation answers as the choice says for this session: the named example
 * (for a per-parameter choice, each value's example), chosen `by` the scenario or a
 * transition; or, for no choice, the contract's default (or a parameter rule's) answer.
 */
async function expectAnswers(
  id: OperationId,
  choice: Choice | undefined,
  by: 'scenario' | 'transition',
  options: CallOptions,
  label: string,
) {
  const cases: [CallOptions, string | null | undefined][] = isByParameter(choice)
    ? Object.entries(choice.examples).map(([value, name]) => [
        { ...options, ...withParameter(id, choice.parameter, value) },
        name,
      ])
    : [[options, choice === AS_SCENARIO ? undefined : choice]]
  for (const [asked, name] of cases) {
    const request = name ? answeredBy(id, example(id, name), asked) : asked
    const answer = await call(ctx.mock, id, request)
    const where = `${label} ${JSON.stringify(request.path ?? request.query ?? {})}`
    if (request.scenario)
      expect(answer.headers.get('x-mock-scenario'), where).toBe(request.scenario)
    if (name) {
      expect(answer.status, where).toBe(statusOfExample(id, name))
      expect(answer.body, where).toEqual(asSent(id, example(id, name), request))
      expect(answer.headers.get('x-mock-prefer'), where).toMatch(new RegExp(`\\(${by}\\)$`))
    } else {
      // Back to the contract's default (or a parameter rule): no scenario choice left.
      expect(answer.headers.get('x-mock-prefer') ?? '', where).not.toMatch(
        /\((transition|scenario)\)$/,
      )
    }
  }
}

describe('example by parameter', () => {
  // How a request that asks for an example's own data looks, derived from the example.
  // Independent of mock/rules.ts on purpose: these say what the screens expect.
  const requestFor: Partial<Record<OperationId, (ex: Json) => CallOptions | undefined>> = {
    getProviderCredit: (ex) => {
      const provider = str(ex.provider)
      return provider ? { path: { provider } } : undefined
    },
    getPromotion: (ex) => {
      const id = str(ex.id) ?? str((ex.promotion as Json | undefined)?.id)
      return id ? { path: { promotionId: id } } : undefined
    },
    getDepositLaoQr: (ex) => {
      const orderId = str(ex.orderId)
      return orderId ? { path: { orderId } } : undefined
    },
    listDeposits: (ex) => (str(ex.page) ? { query: { page: str(ex.page) ?? '' } } : undefined),
    listWithdraws: (ex) => (str(ex.page) ? { query: { page: str(ex.page) ?? '' } } : undefined),
    listPromotionUsages: (ex) => {
      const page = str(ex.page)
      const status = shared(ex.items, 'status')
      return page ? { query: { page, ...(status ? { status } : {}) } } : undefined
    },
    listGames: (ex) => {
      const provider = shared(ex.games, 'provider')
      const category = shared(ex.games, 'category')
      return provider ? { query: { provider, ...(category ? { category } : {}) } } : undefined
    },
  }

  for (const [id, derive] of Object.entries(requestFor) as [
    OperationId,
    (ex: Json) => CallOptions | undefined,
  ][]) {
    it(`${id}: the example whose data the parameters name`, async () => {
      const sid = await login(ctx.mock)
      const examples = Object.entries(examplesOf(id, successStatus(id)))
      const cases = examples
        .map(([name, value]) => ({ name, request: derive(value as Json) }))
        .filter((c): c is { name: string; request: CallOptions } => c.request !== undefined)
      expect(cases.length, `${id}: no example carries the parameter's value`).toBeGreaterThan(0)
      for (const { request } of cases) {
        // The first example asked for by the same request is the one the screen gets.
        const expected = cases.find((c) => JSON.stringify(c.request) === JSON.stringify(request))
        const answer = await call(ctx.mock, id, { sid, ...request })
        expect(answer.status, JSON.stringify(request)).toBe(Number(successStatus(id)))
        expect(answer.body, JSON.stringify(request)).toEqual(
          examplesOf(id, successStatus(id))[expected?.name ?? ''],
        )
        expect(answer.headers.get('x-mock-prefer')).toMatch(/\(parameters\)$/)
      }
    })
  }

  it('the gclub credit page does not get askmebet data', async () => {
    const sid = await login(ctx.mock)
    const gclub = await call(ctx.mock, 'getProviderCredit', { sid, path: { provider: 'gclub' } })
    const askmebet = await call(ctx.mock, 'getProviderCredit', {
      sid,
      path: { provider: 'askmebet' },
    })
    expect(gclub.body).toMatchObject({ provider: 'gclub' })
    expect(askmebet.body).toMatchObject({ provider: 'askmebet' })
  })

  it('a value no example has gets the default answer, not an error', async () => {
    const sid = await login(ctx.mock)
    for (const id of ['listDeposits', 'listWithdraws', 'listPromotionUsages'] as const) {
      const answer = await call(ctx.mock, id, { sid, query: { page: '999' } })
      expect(answer.status).toBe(200)
      // The default answer, repeating the page asked for (mock/agree.ts).
      expect(answer.body).toEqual({ ...(defaultExample(id) as Json), page: 999 })
      expect(answer.headers.get('x-mock-prefer')).toBeNull()
    }
  })
})

describe('choosing a scenario', () => {
  it('without a header a request gets the start-up scenario', async () => {
    const sid = await login(ctx.mock)
    const answer = await call(ctx.mock, 'listBankAccounts', { sid })
    expect(answer.headers.get('x-mock-scenario')).toBe('default')
    expect(answer.body).toEqual(defaultExample('listBankAccounts'))
  })

  // Every choice of every scenario, each on a fresh session.
  for (const [name, scenario] of Object.entries(scenarios)) {
    const choices = Object.entries(scenario.prefer as Choices) as [OperationId, Choice][]
    it(`X-Mock-Scenario: ${name} answers its ${choices.length} choices`, async () => {
      for (const [id, choice] of choices) {
        const sid = await login(ctx.mock, name)
        await expectAnswers(id, choice, 'scenario', { sid, scenario: name }, `${name}: ${id}`)
      }
    })
  }

  it('an unknown scenario gets a 400 from the layer naming the known ones', async () => {
    const answer = await call(ctx.mock, 'getAgencyInfo', { scenario: 'no-such-world' })
    expect(answer.status).toBe(400)
    expect(answer.headers.get('content-type')).toBe('application/problem+json')
    expect(answer.body).toMatchObject({ title: 'Unknown mock scenario', status: 400 })
    expect((answer.body as Json).detail).toContain('no-such-world')
    for (const known of Object.keys(scenarios))
      expect((answer.body as Json).detail).toContain(known)
  })

  it("the client's own Prefer wins over the scenario", async () => {
    const sid = await login(ctx.mock, 'new-player')
    const answer = await call(ctx.mock, 'listBankAccounts', {
      sid,
      scenario: 'new-player',
      prefer: 'example=one',
    })
    expect(answer.body).toEqual(example('listBankAccounts', 'one'))
    expect(answer.headers.get('x-mock-prefer')).toBe('example=one (client)')
  })

  it('lists the scenarios at GET /__mock/scenarios', async () => {
    const response = await fetch(`${ctx.mock.url}/__mock/scenarios`)
    const body = (await response.json()) as { default: string; scenarios: { name: string }[] }
    expect(body.default).toBe('default')
    expect(body.scenarios.map((s) => s.name)).toEqual(Object.keys(scenarios))
  })
})

describe('transitions', () => {
  /** What every transition of the scenario that fires on this answer sets, later ones winning. */
  function effect(
    transitions: Transition[],
    after: OperationId,
    answered: string,
    status: number,
  ): Choices {
    return transitions
      .filter((t) => t.after === after)
      .filter((t) =>
        t.answered
          ? t.answered === answered && statusOfExample(after, t.answered) === status
          : status < 300,
      )
      .reduce<Choices>((all, t) => ({ ...all, ...t.then }), {})
  }

  // Every transition of every scenario: fire it on a fresh session (forcing the answer it
  // waits for with the client's Prefer), then check each operation it changes.
  for (const [name, scenario] of Object.entries(scenarios) as [string, Scenario][]) {
    const transitions = scenario.transitions
    it(`${name}: each of its ${transitions.length} transitions`, async () => {
      for (const transition of transitions) {
        const id = transition.after
        const answered =
          transition.answered ?? Object.keys(examplesOf(id, successStatus(id)))[0] ?? ''
        const status = statusOfExample(id, answered)
        const expected = effect(transitions, id, answered, status)
        for (const changed of Object.keys(transition.then) as OperationId[]) {
          const sid = await login(ctx.mock, name)
          const fired = await call(ctx.mock, id, {
            sid,
            scenario: name,
            prefer: `code=${status}, example=${answered}`,
          })
          expect(fired.status, `${name}: ${id}`).toBe(status)
          const now = expected[changed]
          const label = `${name}: after ${id} ${answered}, ${changed}`
          if (now === AS_SCENARIO) {
            const own = (scenario.prefer as Choices)[changed]
            await expectAnswers(changed, own, 'scenario', { sid, scenario: name }, label)
          } else {
            await expectAnswers(changed, now, 'transition', { sid, scenario: name }, label)
          }
        }
      }
    })
  }

  it('new-player walks issue 7 end to end (bank, deposit, check, cancel, promotion, games)', async () => {
    const mock = ctx.mock
    const scenario = 'new-player'
    const sid = await login(mock, scenario)
    const go = (id: OperationId, options: CallOptions = {}) =>
      call(mock, id, { sid, scenario, ...options })
    const credit = async () =>
      ((await go('getPlayerCredit')).body as { credit: { amount: string } }).credit.amount

    // A new player adds a bank account and sees it.
    expect((await go('listBankAccounts')).body).toEqual({ bankAccounts: [] })
    expect((await go('createDeposit')).body).toMatchObject({ code: 'BANK_ACCOUNT_REQUIRED' })
    const added = await go('addBankAccount')
    expect(added.status).toBe(201)
    const accounts = (await go('listBankAccounts')).body as { bankAccounts: { id: string }[] }
    expect(accounts.bankAccounts.map((a) => a.id)).toEqual([(added.body as { id: string }).id])
    expect((await go('getPlayerInfo')).body).toMatchObject({ bankAccounts: accounts.bankAccounts })

    // Creates a deposit order and sees its QR.
    const before = await credit()
    expect(before).toBe('0.00')
    const created = await go('createDeposit')
    expect(created.status).toBe(201)
    const order = created.body as { id: string; amount: string; status: string }
    expect(order.status).toBe('OPEN')
    const orderPath = { path: { orderId: order.id } }
    expect((await go('listOpenDeposits')).body).toEqual({ deposits: [order] })
    const qr = (await go('getDepositLaoQr', orderPath)).body as Record<string, string>
    expect(qr).toMatchObject({ orderId: order.id, amount: order.amount })
    expect(qr.qr).toMatch(/^000201/)

    // Checks it unpaid (200, still OPEN), then paid, and sees the credit change.
    const unpaid = await go('checkDeposit', orderPath)
    expect(unpaid.status).toBe(200)
    expect(unpaid.body).toMatchObject({ id: order.id, status: 'OPEN' })
    expect(await credit()).toBe(before)
    const paid = await go('checkDeposit', orderPath)
    expect(paid.status).toBe(200)
    expect(paid.body).toMatchObject({ id: order.id, status: 'PAID' })
    expect((await go('listOpenDeposits')).body).toEqual({ deposits: [] })
    const after = await credit()
    expect(after).toBe((paid.body as { totalCredit: string }).totalCredit)
    expect(after).not.toBe(before)
    expect((await go('getProviderCredit', { path: { provider: 'askmebet' } })).body).toMatchObject({
      provider: 'askmebet',
      credit: { amount: after },
    })
    expect((await go('openGame')).status).toBe(200)

    // Cancels another.
    const another = (await go('createDeposit')).body as { id: string }
    expect((await go('listOpenDeposits')).body).toMatchObject({ deposits: [{ id: another.id }] })
    const canceled = await go('cancelDeposit', { path: { orderId: another.id } })
    expect(canceled.status).toBe(200)
    expect(canceled.body).toMatchObject({ status: 'CANCELED' })
    expect((await go('listOpenDeposits')).body).toEqual({ deposits: [] })
    expect((await go('getDepositLaoQr', { path: { orderId: another.id } })).body).toMatchObject({
      code: 'ORDER_ALREADY_FINAL',
    })

    // Claims a promotion and sees it current.
    expect((await go('getCurrentPromotion')).body).toEqual({ usage: null })
    const claim = await go('usePromotion')
    expect(claim.status).toBe(200)
    expect(claim.body).toMatchObject({ status: 'ACTIVE' })
    expect((await go('getCurrentPromotion')).body).toEqual({ usage: claim.body })
    expect((await go('usePromotion')).body).toMatchObject({ code: 'PROMOTION_ALREADY_ACTIVE' })

    // Each of the four game pages shows its own provider's data; only askmebet got credit.
    const credits: Record<string, string> = {}
    for (const provider of ['alphabet', 'askmebet', 'gclub', 'gclub_live']) {
      const own = await go('getProviderCredit', { path: { provider } })
      expect(own.body).toMatchObject({ provider })
      credits[provider] = (own.body as { credit: { amount: string } }).credit.amount
      const games = (await go('listGames', { query: { provider } })).body as {
        games: { provider: string }[]
      }
      expect(games.games.length, provider).toBeGreaterThan(0)
      expect(
        games.games.every((g) => g.provider === provider),
        provider,
      ).toBe(true)
    }
    expect(credits).toEqual({
      alphabet: '0.00',
      askmebet: after,
      gclub: '0.00',
      gclub_live: '0.00',
    })
  })

  it('new-player: the welcome bonus claimed before any deposit is the current usage', async () => {
    const sid = await login(ctx.mock, 'new-player')
    const go = (id: OperationId) => call(ctx.mock, id, { sid, scenario: 'new-player' })
    const claim = await go('usePromotion')
    expect(claim.body).toMatchObject({ promotionId: 'pr_welcome50', status: 'ACTIVE' })
    expect((await go('getCurrentPromotion')).body).toEqual({ usage: claim.body })
    expect((await go('recheckPromotionUsage')).body).toEqual({ usage: claim.body })
  })

  it('default: each of the four game pages shows its own provider, adding up to the general credit', async () => {
    const sid = await login(ctx.mock)
    let cents = 0
    for (const provider of ['alphabet', 'askmebet', 'gclub', 'gclub_live']) {
      const own = await call(ctx.mock, 'getProviderCredit', { sid, path: { provider } })
      expect(own.body).toMatchObject({ provider })
      cents += Math.round(Number((own.body as { credit: { amount: string } }).credit.amount) * 100)
      const games = await call(ctx.mock, 'listGames', { sid, query: { provider } })
      const list = (games.body as { games: { provider: string }[] }).games
      expect(list.length).toBeGreaterThan(0)
      expect(list.every((g) => g.provider === provider)).toBe(true)
    }
    const general = await call(ctx.mock, 'getPlayerCredit', { sid })
    expect((general.body as { credit: { amount: string } }).credit.amount).toBe(
      (cents / 100).toFixed(2),
    )
  })

  it('paid-after-check: the first check pays, the order leaves the open list, credit rises', async () => {
    const sid = await login(ctx.mock, 'paid-after-check')
    const go = (id: OperationId, options: CallOptions = {}) =>
      call(ctx.mock, id, { sid, scenario: 'paid-after-check', ...options })
    const askmebet = { path: { provider: 'askmebet' } }
    expect((await go('listOpenDeposits')).body).toEqual(example('listOpenDeposits', 'oneOpen'))
    expect((await go('getPlayerCredit')).body).toEqual(defaultExample('getPlayerCredit'))
    expect((await go('getProviderCredit', askmebet)).body).toEqual(
      example('getProviderCredit', 'askmebet'),
    )
    const check = await go('checkDeposit')
    expect(check.status).toBe(200)
    expect(check.body).toMatchObject({ status: 'PAID' })
    expect((await go('listOpenDeposits')).body).toEqual(example('listOpenDeposits', 'empty'))
    expect((await go('getPlayerCredit')).body).toEqual(
      example('getPlayerCredit', 'afterPaidDeposit'),
    )
    expect((await go('getProviderCredit', askmebet)).body).toEqual(
      example('getProviderCredit', 'askmebetAfterPaid'),
    )
    // The other providers keep the default world's credit.
    expect((await go('getProviderCredit', { path: { provider: 'gclub' } })).body).toEqual(
      example('getProviderCredit', 'gclub'),
    )
  })

  it('open-order: every check answers 200 not paid; cancel closes it and opens deposits again', async () => {
    const sid = await login(ctx.mock, 'open-order')
    const go = (id: OperationId) => call(ctx.mock, id, { sid, scenario: 'open-order' })
    for (let i = 0; i < 3; i++) {
      const check = await go('checkDeposit')
      expect(check.status).toBe(200)
      expect(check.body).toMatchObject({ status: 'OPEN' })
    }
    expect((await go('createDeposit')).body).toMatchObject({ code: 'OPEN_ORDER' })
    expect((await go('cancelDeposit')).status).toBe(200)
    expect((await go('listOpenDeposits')).body).toEqual({ deposits: [] })
    expect((await go('createDeposit')).status).toBe(201)
    expect((await go('createDeposit')).body).toMatchObject({ code: 'OPEN_ORDER' })
  })

  it('a promotion id no example has answers PROMOTION_NOT_FOUND', async () => {
    const sid = await login(ctx.mock)
    const answer = await call(ctx.mock, 'getPromotion', { sid, path: { promotionId: 'pr_gone' } })
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual(example('getPromotion', 'PROMOTION_NOT_FOUND'))
  })

  it('state is per session cookie: another session of the same scenario is untouched', async () => {
    const a = await login(ctx.mock, 'new-player')
    const b = await login(ctx.mock, 'new-player')
    expect(a).not.toBe(b)
    await call(ctx.mock, 'addBankAccount', { sid: a, scenario: 'new-player' })
    expect(
      (await call(ctx.mock, 'listBankAccounts', { sid: a, scenario: 'new-player' })).body,
    ).toEqual(example('listBankAccounts', 'keo'))
    expect(
      (await call(ctx.mock, 'listBankAccounts', { sid: b, scenario: 'new-player' })).body,
    ).toEqual(example('listBankAccounts', 'empty'))
  })
})

describe('an order of the history, read or refused by its id, is that row', () => {
  // Independent of mock/orders.ts: the rows are the history examples' (inside the contract),
  // the orders one example of an order carries stay with the scenarios, and the refusal is the
  // first row of the status's x-lifecycle table that matches (DepositStatus: "the first row that
  // matches the status and `reason` wins").
  type Row = Json & { id: string; status: string; reason: string | null }
  const schemas = spec.components.schemas as Record<
    string,
    { 'x-lifecycle': { refusals: Refusal[] } }
  >
  const refusals = (schema: string) => schemas[schema]!['x-lifecycle'].refusals
  const tableCode = (schema: string, operation: OperationId, row: Row) =>
    refusals(schema).find(
      (r) =>
        r.operation === operation &&
        !r.when &&
        r.from.includes(row.status) &&
        (!r.reasons || (row.reason !== null && r.reasons.includes(row.reason))),
    )?.code
  const rowsOf = (list: OperationId, oneOrder: OperationId[]) => {
    const owned = new Set(
      oneOrder.flatMap((id) =>
        Object.values(examplesOf(id, successStatus(id))).map((v) => (v as Json).id),
      ),
    )
    const rows = new Map<string, Row>()
    for (const entry of exampleEntriesOf(list, '200')) {
      if (entry.outsideContract) continue
      for (const row of (entry.value as { items: Row[] }).items) {
        if (owned.has(row.id)) continue
        // The examples agree: an id is the same order in every history example.
        if (rows.has(row.id)) expect(row, row.id).toEqual(rows.get(row.id))
        rows.set(row.id, row)
      }
    }
    return [...rows.values()]
  }
  const deposits = rowsOf('listDeposits', [
    'getDeposit',
    'checkDeposit',
    'createDeposit',
    'cancelDeposit',
  ])
  const withdraws = rowsOf('listWithdraws', ['getWithdraw', 'createWithdraw'])

  /** The refusal example of `code`, its details naming this order (id, status, expiry). */
  const refusalFor = (operation: OperationId, code: string, row: Row) => {
    const body = example(operation, code) as Json
    const details = body.details as Json
    const named = Object.fromEntries(
      Object.keys(details).map((key) => [
        key,
        key === 'orderId' ? row.id : key in row ? row[key] : details[key],
      ]),
    )
    return { ...body, details: named }
  }

  it("the histories hold an order in every status the tables' cancel refuses", () => {
    const refused = refusals('DepositStatus')
      .filter((r) => r.operation === 'cancelDeposit')
      .flatMap((r) => r.from)
    expect(new Set(deposits.map((d) => d.status))).toEqual(new Set(refused))
    expect(withdraws.length).toBeGreaterThan(0)
  })

  it('getDeposit, checkDeposit and getWithdraw answer the history row (same status, amounts, dates)', async () => {
    const sid = await login(ctx.mock)
    const reads: [OperationId, Row[]][] = [
      ['getDeposit', deposits],
      ['checkDeposit', deposits],
      ['getWithdraw', withdraws],
    ]
    for (const [id, rows] of reads) {
      for (const row of rows) {
        const answer = await call(ctx.mock, id, { sid, path: { orderId: row.id } })
        expect(answer.status, `${id} ${row.id}`).toBe(200)
        expect(answer.body, `${id} ${row.id}`).toEqual(row)
        expect(answer.headers.get('x-mock-prefer'), `${id} ${row.id}`).toMatch(/\(history\)$/)
      }
    }
  })

  it("cancelDeposit and the QR of a final or paid history order answer the table's code for it", async () => {
    const sid = await login(ctx.mock)
    for (const id of ['cancelDeposit', 'getDepositLaoQr'] as const) {
      for (const row of deposits) {
        const code = tableCode('DepositStatus', id, row)
        expect(code, `${id} ${row.status} ${row.reason}`).toBeDefined()
        const answer = await call(ctx.mock, id, { sid, path: { orderId: row.id } })
        expect(answer.status, `${id} ${row.id}`).toBe(statusOfExample(id, code!))
        expect(answer.body, `${id} ${row.id}`).toEqual(refusalFor(id, code!, row))
      }
    }
    // The case, said plainly: a SUCCESS order is "already paid", not "already final".
    const success = deposits.find((d) => d.status === 'SUCCESS')!
    const cancel = await call(ctx.mock, 'cancelDeposit', { sid, path: { orderId: success.id } })
    expect(cancel.status).toBe(409)
    expect(cancel.body).toMatchObject({
      code: 'ORDER_ALREADY_PAID',
      details: { orderId: success.id, status: 'SUCCESS' },
    })
  })

  it("the session's own order keeps its flow: history answers fire no transition and beat them", async () => {
    const sid = await login(ctx.mock)
    const success = deposits.find((d) => d.status === 'SUCCESS')!
    const history = { path: { orderId: success.id } }
    const created = (await call(ctx.mock, 'createDeposit', { sid })).body as Row
    const own = { path: { orderId: created.id } }
    // Checking a history order is not the first check of the new one...
    expect((await call(ctx.mock, 'checkDeposit', { sid, ...history })).body).toEqual(success)
    expect((await call(ctx.mock, 'checkDeposit', { sid, ...own })).body).toEqual(
      example('checkDeposit', 'notPaid'),
    )
    // ...and once the new order is canceled, the history's order is still the one it was.
    expect((await call(ctx.mock, 'cancelDeposit', { sid, ...own })).status).toBe(200)
    expect((await call(ctx.mock, 'getDeposit', { sid, ...own })).body).toMatchObject({
      status: 'CANCELED',
    })
    expect((await call(ctx.mock, 'getDeposit', { sid, ...history })).body).toEqual(success)
    expect((await call(ctx.mock, 'cancelDeposit', { sid, ...history })).body).toMatchObject({
      code: 'ORDER_ALREADY_PAID',
    })
    // The client's own Prefer still wins.
    const asked = await call(ctx.mock, 'getDeposit', { sid, ...history, prefer: 'example=paid' })
    expect(asked.headers.get('x-mock-prefer')).toMatch(/\(client\)$/)
  })
})

describe('Idempotency-Key, as the contract says a server keeps it', () => {
  const KEY = 'replay-test-key-0001'
  const keyed = (key = KEY) => ({ headers: { 'Idempotency-Key': key } })

  /** open-order with its order canceled, then a keyed deposit: the first answer to replay. */
  async function firstDeposit() {
    const sid = await login(ctx.mock, 'open-order')
    const go = (id: OperationId, options: CallOptions = {}) =>
      call(ctx.mock, id, { sid, scenario: 'open-order', ...options })
    expect((await go('cancelDeposit')).status).toBe(200)
    const first = await go('createDeposit', keyed())
    expect(first.status).toBe(201)
    return { go, first }
  }

  it('a retry with the same key and body gets the first answer; nothing happens twice', async () => {
    const { go, first } = await firstDeposit()
    const again = await go('createDeposit', keyed())
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('x-mock-prefer')).toBe('replay (idempotency)')
    // A new intent (another key) meets the order the first one opened.
    expect((await go('createDeposit')).body).toMatchObject({ code: 'OPEN_ORDER' })
  })

  it('the same key with another body answers IDEMPOTENCY_KEY_REUSED', async () => {
    const { go } = await firstDeposit()
    const sent = requestExample('createDeposit') as { amount: string }
    const other = await go('createDeposit', {
      ...keyed(),
      body: { ...sent, amount: String(Number(sent.amount) + 1000) },
    })
    expect(other.status).toBe(422)
    expect(other.body).toEqual(example('createDeposit', 'IDEMPOTENCY_KEY_REUSED'))
  })

  it('keys are per session, and a reset forgets them', async () => {
    const a = await login(ctx.mock, 'new-player')
    const b = await login(ctx.mock, 'new-player')
    const add = (sid: string) =>
      call(ctx.mock, 'addBankAccount', { sid, scenario: 'new-player', ...keyed() })
    expect((await add(a)).status).toBe(201)
    // The same key from another player is that player's own first request.
    expect((await add(b)).status).toBe(201)
    const reset = await fetch(`${ctx.mock.url}/__mock/reset`, {
      method: 'POST',
      headers: { cookie: `sid=${a}`, 'x-mock-scenario': 'new-player' },
    })
    expect(reset.status).toBe(204)
    const afterReset = await add(a)
    expect(afterReset.status).toBe(201)
    expect(afterReset.headers.get('x-mock-prefer')).not.toBe('replay (idempotency)')
  })
})

describe('sessions', () => {
  it('each login gets its own session cookie, without Secure (plain http on the LAN)', async () => {
    const first = await call(ctx.mock, 'loginPlayer')
    const second = await call(ctx.mock, 'loginPlayer')
    expect(first.setSid).toMatch(/^mock-/)
    expect(first.setSid).not.toBe(second.setSid)
    const cookie = first.headers.getSetCookie().join('\n')
    expect(cookie).toContain('HttpOnly')
    expect(cookie).not.toMatch(/secure/i)
  })

  it('after logout the cookie is refused and its state is gone', async () => {
    const sid = await login(ctx.mock, 'new-player')
    await call(ctx.mock, 'addBankAccount', { sid, scenario: 'new-player' })
    const before = await call(ctx.mock, 'getPlayerInfo', { sid, scenario: 'new-player' })
    expect(before.status).toBe(200)

    const logout = await call(ctx.mock, 'logoutPlayer', { sid, scenario: 'new-player' })
    expect(logout.status).toBe(200)
    expect(logout.setSid).toBe('')

    const after = await call(ctx.mock, 'getPlayerInfo', { sid, scenario: 'new-player' })
    expect(after.status).toBe(401)
    expect(after.body).toEqual(example('getPlayerInfo', 'UNAUTHORIZED'))
    const list = await call(ctx.mock, 'listBankAccounts', { sid, scenario: 'new-player' })
    expect(list.status).toBe(401)
    // Public operations still answer.
    expect((await call(ctx.mock, 'getAgencyInfo', { sid })).status).toBe(200)

    const session = await fetch(`${ctx.mock.url}/__mock/session`, {
      headers: { cookie: `sid=${sid}`, 'x-mock-scenario': 'new-player' },
    })
    expect(await session.json()).toMatchObject({ loggedOut: true, changed: {} })

    // Logging in again starts over.
    const next = await login(ctx.mock, 'new-player')
    expect(
      (await call(ctx.mock, 'listBankAccounts', { sid: next, scenario: 'new-player' })).body,
    ).toEqual(example('listBankAccounts', 'empty'))
  })

  it('POST /__mock/reset puts the calling session back to its scenario start', async () => {
    const sid = await login(ctx.mock, 'new-player')
    const other = await login(ctx.mock, 'new-player')
    await call(ctx.mock, 'addBankAccount', { sid, scenario: 'new-player' })
    await call(ctx.mock, 'addBankAccount', { sid: other, scenario: 'new-player' })
    const reset = await fetch(`${ctx.mock.url}/__mock/reset`, {
      method: 'POST',
      headers: { cookie: `sid=${sid}` },
    })
    expect(reset.status).toBe(204)
    expect(
      (await call(ctx.mock, 'listBankAccounts', { sid, scenario: 'new-player' })).body,
    ).toEqual(example('listBankAccounts', 'empty'))
    expect(
      (await call(ctx.mock, 'listBankAccounts', { sid: other, scenario: 'new-player' })).body,
    ).toEqual(example('listBankAccounts', 'keo'))
    // ?all resets every session.
    await fetch(`${ctx.mock.url}/__mock/reset?all`, { method: 'POST' })
    expect(
      (await call(ctx.mock, 'listBankAccounts', { sid: other, scenario: 'new-player' })).body,
    ).toEqual(example('listBankAccounts', 'empty'))
  })
})

describe('Prism stays the judge', () => {
  it('a request that breaks the contract gets the contract’s VALIDATION_FAILED with Prism’s violations', async () => {
    const body = { username: 'x', password: '' }
    const direct = await fetch(`${ctx.mock.prismUrl}${operations.loginPlayer.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    // Prism alone answers the operation's first 400 example: a wrong password, not the truth.
    expect(await direct.json()).toMatchObject({ code: 'LOGIN_FAILED' })
    const through = await call(ctx.mock, 'loginPlayer', { body, scenario: 'new-player' })
    expect(through.status).toBe(statusOfExample('loginPlayer', 'VALIDATION_FAILED'))
    expect(through.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [
        { field: 'username', code: 'minLength', message: expect.stringMatching(/6 characters/) },
        { field: 'password', code: 'minLength', message: expect.stringMatching(/8 characters/) },
      ],
    })
    expect(through.headers.get('sl-violations')).toBeTruthy()
    expect(through.headers.get('x-mock-built')).toBe('validation')
  })

  it('a scenario choice does not hide a broken request: the missing fields are named', async () => {
    // new-player chooses BANK_ACCOUNT_REQUIRED for createDeposit; Prism alone would answer
    // the first 422 example (DEPOSIT_AMOUNT_TOO_LOW) for a body without its bank account.
    const sid = await login(ctx.mock, 'new-player')
    const through = await call(ctx.mock, 'createDeposit', {
      sid,
      scenario: 'new-player',
      body: { provider: 'askmebet', amount: '500000' },
    })
    expect(through.headers.get('sl-violations')).toBeTruthy()
    expect(through.status).toBe(statusOfExample('createDeposit', 'VALIDATION_FAILED'))
    const fields = (through.body as { fields: { field: string; code: string }[] }).fields
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'bankAccountId', code: 'required' }),
        expect.objectContaining({ field: 'mid', code: 'required' }),
      ]),
    )
  })

  it('the client’s own Prefer on a broken request still gets Prism’s answer as chosen', async () => {
    const body = { username: 'x', password: '' }
    const through = await call(ctx.mock, 'loginPlayer', {
      body,
      prefer: 'code=400, example=LOGIN_FAILED',
    })
    expect(through.body).toEqual(example('loginPlayer', 'LOGIN_FAILED'))
    expect(through.headers.get('sl-violations')).toBeTruthy()
  })
})
