// @vitest-environment node
// The mock layer through real HTTP, with real Prism behind it (one of each for this file).
import { describe, expect, it } from 'vitest'
import { operations, type OperationId } from '../../generated/api/operations'
import { scenarios, type Choices, type Transition } from '../../mock/scenarios'
import { examplesOf } from '../contract/spec'
import { call, defaultExample, example, login, runMockForFile, type CallOptions } from './support'

const ctx = runMockForFile()

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
      expect(answer.body).toEqual(defaultExample(id))
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
    const choices = Object.entries(scenario.prefer as Choices) as [OperationId, string | null][]
    it(`X-Mock-Scenario: ${name} answers its ${choices.length} choices`, async () => {
      for (const [id, choice] of choices) {
        const sid = await login(ctx.mock, name)
        const answer = await call(ctx.mock, id, { sid, scenario: name })
        expect(answer.headers.get('x-mock-scenario')).toBe(name)
        if (choice === null) continue
        expect(answer.status, `${id} ${choice}`).toBe(statusOfExample(id, choice))
        expect(answer.body, `${id} ${choice}`).toEqual(example(id, choice))
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
  for (const [name, scenario] of Object.entries(scenarios)) {
    const transitions: Transition[] = scenario.transitions
    it(`${name}: each of its ${transitions.length} transitions`, async () => {
      for (const transition of transitions) {
        const id = transition.after
        const answered =
          transition.answered ?? Object.keys(examplesOf(id, successStatus(id)))[0] ?? ''
        const status = statusOfExample(id, answered)
        const expected = effect(transitions, id, answered, status)
        for (const [changed, choice] of Object.entries(transition.then) as [
          OperationId,
          string | null,
        ][]) {
          const sid = await login(ctx.mock, name)
          const fired = await call(ctx.mock, id, {
            sid,
            scenario: name,
            prefer: `code=${status}, example=${answered}`,
          })
          expect(fired.status, `${name}: ${id}`).toBe(status)
          const answer = await call(ctx.mock, changed, { sid, scenario: name })
          const now = expected[changed]
          const label = `${name}: after ${id} ${answered}, ${changed}`
          if (now) {
            expect(answer.status, label).toBe(statusOfExample(changed, now))
            expect(answer.body, label).toEqual(example(changed, now))
            expect(answer.headers.get('x-mock-prefer'), label).toMatch(/\(transition\)$/)
          } else {
            expect(choice === null || now === null, label).toBe(true)
            // Back to the contract's default (or a parameter rule): no scenario choice left.
            expect(answer.headers.get('x-mock-prefer') ?? '', label).not.toMatch(
              /\((transition|scenario)\)$/,
            )
          }
        }
      }
    }, 60_000)
  }

  it('new-player walks the money flows end to end', async () => {
    const mock = ctx.mock
    const scenario = 'new-player'
    const sid = await login(mock, scenario)
    const go = (id: OperationId, options: CallOptions = {}) =>
      call(mock, id, { sid, scenario, ...options })

    expect((await go('listBankAccounts')).body).toEqual(example('listBankAccounts', 'empty'))
    expect((await go('createDeposit')).body).toEqual(
      example('createDeposit', 'BANK_ACCOUNT_REQUIRED'),
    )

    expect((await go('addBankAccount')).status).toBe(201)
    expect((await go('listBankAccounts')).body).toEqual(example('listBankAccounts', 'one'))

    const order = await go('createDeposit')
    expect(order.status).toBe(201)
    expect((await go('listOpenDeposits')).body).toEqual(example('listOpenDeposits', 'oneOpen'))
    expect((await go('getDepositLaoQr')).body).toEqual(example('getDepositLaoQr', 'open'))

    const unpaid = await go('checkDeposit')
    expect(unpaid.body).toEqual(example('checkDeposit', 'ORDER_NOT_PAID'))
    const paid = await go('checkDeposit')
    expect(paid.status).toBe(200)
    expect(paid.body).toMatchObject({ status: 'PAID' })
    expect((await go('listOpenDeposits')).body).toEqual(example('listOpenDeposits', 'empty'))
    expect((await go('openGame')).status).toBe(200)

    // Another order, canceled: it leaves the open list.
    expect((await go('createDeposit')).status).toBe(201)
    expect((await go('listOpenDeposits')).body).toEqual(example('listOpenDeposits', 'oneOpen'))
    expect((await go('cancelDeposit')).status).toBe(200)
    expect((await go('listOpenDeposits')).body).toEqual(example('listOpenDeposits', 'empty'))
    expect((await go('getDepositLaoQr')).status).toBe(404)

    // A promotion claimed becomes the current one.
    expect((await go('getCurrentPromotion')).body).toEqual(example('getCurrentPromotion', 'none'))
    expect((await go('usePromotion')).status).toBe(200)
    expect((await go('getCurrentPromotion')).body).toEqual(example('getCurrentPromotion', 'active'))
  })

  it('paid-after-check: the first check pays and the order leaves the open list', async () => {
    const sid = await login(ctx.mock, 'paid-after-check')
    const go = (id: OperationId) => call(ctx.mock, id, { sid, scenario: 'paid-after-check' })
    expect((await go('listOpenDeposits')).body).toEqual(example('listOpenDeposits', 'oneOpen'))
    const check = await go('checkDeposit')
    expect(check.status).toBe(200)
    expect(check.body).toMatchObject({ status: 'PAID' })
    expect((await go('listOpenDeposits')).body).toEqual(example('listOpenDeposits', 'empty'))
  })

  it('state is per session cookie: another session of the same scenario is untouched', async () => {
    const a = await login(ctx.mock, 'new-player')
    const b = await login(ctx.mock, 'new-player')
    expect(a).not.toBe(b)
    await call(ctx.mock, 'addBankAccount', { sid: a, scenario: 'new-player' })
    expect(
      (await call(ctx.mock, 'listBankAccounts', { sid: a, scenario: 'new-player' })).body,
    ).toEqual(example('listBankAccounts', 'one'))
    expect(
      (await call(ctx.mock, 'listBankAccounts', { sid: b, scenario: 'new-player' })).body,
    ).toEqual(example('listBankAccounts', 'empty'))
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
    ).toEqual(example('listBankAccounts', 'one'))
    // ?all resets every session.
    await fetch(`${ctx.mock.url}/__mock/reset?all`, { method: 'POST' })
    expect(
      (await call(ctx.mock, 'listBankAccounts', { sid: other, scenario: 'new-player' })).body,
    ).toEqual(example('listBankAccounts', 'empty'))
  })
})

describe('Prism stays the judge', () => {
  it('a request that breaks the contract gets Prism’s own answer through the layer', async () => {
    const body = { username: 'x', password: '' }
    const direct = await fetch(`${ctx.mock.prismUrl}${operations.loginPlayer.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const through = await call(ctx.mock, 'loginPlayer', { body, scenario: 'new-player' })
    expect(direct.status).toBeGreaterThanOrEqual(400)
    expect(through.status).toBe(direct.status)
    expect(through.body).toEqual(await direct.json())
    expect(through.headers.get('sl-violations')).toBeTruthy()
  })

  it('a scenario choice does not hide a broken request', async () => {
    // new-player chooses BANK_ACCOUNT_REQUIRED for createDeposit; a body without an amount
    // is still Prism's validation answer.
    const sid = await login(ctx.mock, 'new-player')
    const through = await call(ctx.mock, 'createDeposit', {
      sid,
      scenario: 'new-player',
      body: { provider: 'askmebet' },
    })
    expect(through.headers.get('sl-violations')).toBeTruthy()
    expect(through.body).not.toEqual(example('createDeposit', 'BANK_ACCOUNT_REQUIRED'))
  })
})
