// @vitest-environment node
// What the layer builds on top of Prism's examples, through real HTTP with real Prism: dates
// moved to the request's time, scenario dates from the session's start, the request's values
// echoed, long lists; each validated against the response schema before it leaves (the
// `x-mock-built` header says what was built, or that the result was refused).
import { describe, expect, it } from 'vitest'
import { operations } from '../../generated/api/operations'
import { chaos, parseFailRate, parseLatency, perOperation } from '../../mock/chaos'
import { EXAMPLE_NOW, moveDates } from '../../mock/dates'
import { maskAccountNumber } from '../../mock/echo'
import { loadContract } from '../../mock/contract'
import { responseValidator } from '../../mock/validate'
import { call, example, login, requestExample, runMockForFile } from './support'

type Json = Record<string, unknown>

// A clock the test moves: "now" is three days and five minutes after the examples' day.
const clock = { now: EXAMPLE_NOW + 3 * 86_400_000 + 5 * 60_000 }
const logged: string[] = []
const ctx = runMockForFile({ now: () => clock.now, log: (line) => logged.push(line) })
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
const SHIFT = () => clock.now - EXAMPLE_NOW

describe('dates relative to now', () => {
  it('every date-time of an answer moves by the time since the examples were written', async () => {
    const sid = await login(ctx.mock)
    const answer = await call(ctx.mock, 'listDeposits', { sid })
    const written = example('listDeposits', 'history') as { items: Json[] }
    const items = (answer.body as { items: Json[] }).items
    expect(items[0]?.createdAt).toBe(iso(Date.parse(String(written.items[0]?.createdAt)) + SHIFT()))
    expect(answer.body).toEqual(moveDates(written, clock.now))
    expect(answer.headers.get('x-mock-built')).toMatch(/dates/)
  })

  it('an error’s dates move too (ORDER_EXPIRED says when the QR expired)', async () => {
    const sid = await login(ctx.mock)
    const answer = await call(ctx.mock, 'getDepositLaoQr', { sid, prefer: 'example=ORDER_EXPIRED' })
    expect(answer.status).toBe(409)
    expect(answer.body).toEqual(moveDates(example('getDepositLaoQr', 'ORDER_EXPIRED'), clock.now))
    expect(answer.body).not.toEqual(example('getDepositLaoQr', 'ORDER_EXPIRED'))
  })

  it('a date that is none (null) stays null while the others move', async () => {
    const sid = await login(ctx.mock, 'new-player')
    const answer = await call(ctx.mock, 'getPlayerInfo', { sid, scenario: 'new-player' })
    const credential = (answer.body as { credential: Json }).credential
    expect(credential.passwordChangedAt).toBeNull()
    expect(credential.lastLoginAt).not.toBe('2026-11-22T14:20:45Z')
  })

  it('expiring-order: the open order expires one minute after the session starts', async () => {
    const started = clock.now
    const sid = await login(ctx.mock, 'expiring-order')
    clock.now += 45_000
    const open = await call(ctx.mock, 'listOpenDeposits', { sid, scenario: 'expiring-order' })
    const order = (open.body as { deposits: Json[] }).deposits[0]
    expect(order?.expiresAt).toBe(iso(started + 60_000))
    expect(order?.createdAt).toBe(iso(started - 14 * 60_000))
    const qr = await call(ctx.mock, 'getDepositLaoQr', {
      sid,
      scenario: 'expiring-order',
      path: { orderId: String(order?.id) },
    })
    expect((qr.body as Json).expiresAt).toBe(iso(started + 60_000))
    expect(qr.headers.get('x-mock-built')).toMatch(/session dates/)
    // A reset starts the minute again.
    await fetch(`${ctx.mock.url}/__mock/reset`, {
      method: 'POST',
      headers: { cookie: `sid=${sid}` },
    })
    const again = await call(ctx.mock, 'listOpenDeposits', { sid, scenario: 'expiring-order' })
    expect((again.body as { deposits: Json[] }).deposits[0]?.expiresAt).toBe(
      iso(clock.now + 60_000),
    )
  })

  it('expiring-order: past its expiry the order is CANCELED (EXPIRED), as x-lifecycle moves it', async () => {
    const scenario = 'expiring-order'
    const started = clock.now
    const sid = await login(ctx.mock, scenario)
    const open = await call(ctx.mock, 'listOpenDeposits', { sid, scenario })
    const order = (open.body as { deposits: Json[] }).deposits[0]!
    const path = { orderId: String(order.id) }
    clock.now = started + 59_000
    const before = await call(ctx.mock, 'checkDeposit', { sid, scenario, path })
    expect((before.body as Json).status).toBe('OPEN')
    clock.now = started + 61_000
    for (const operation of ['checkDeposit', 'getDeposit'] as const) {
      const after = await call(ctx.mock, operation, { sid, scenario, path })
      expect(after.status, operation).toBe(200)
      expect(after.body, operation).toMatchObject({
        id: order.id,
        status: 'CANCELED',
        reason: 'EXPIRED',
        expiresAt: iso(started + 60_000),
        createdAt: order.createdAt,
      })
    }
    const qr = await call(ctx.mock, 'getDepositLaoQr', { sid, scenario, path })
    expect([qr.status, (qr.body as Json).code]).toEqual([409, 'ORDER_EXPIRED'])
    const cancel = await call(ctx.mock, 'cancelDeposit', {
      sid,
      scenario,
      path,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })
    expect([cancel.status, (cancel.body as Json).code]).toEqual([409, 'ORDER_EXPIRED'])
    const list = await call(ctx.mock, 'listOpenDeposits', { sid, scenario })
    expect((list.body as { deposits: Json[] }).deposits).toEqual([])
    // A new order opens, with the contract's own expiry (not the scenario's, long past).
    const created = await call(ctx.mock, 'createDeposit', {
      sid,
      scenario,
      body: requestExample('createDeposit'),
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })
    expect(created.status).toBe(201)
    const check = await call(ctx.mock, 'checkDeposit', {
      sid,
      scenario,
      path: { orderId: String((created.body as Json).id) },
    })
    expect((check.body as Json).status).toBe('OPEN')
    expect(Date.parse(String((check.body as Json).expiresAt))).toBeGreaterThan(clock.now)
  })

  it('expiring-order;expiresIn=MS chooses the delay; a bad param is refused', async () => {
    const scenario = 'expiring-order;expiresIn=5000'
    const started = clock.now
    const sid = await login(ctx.mock, scenario)
    const open = await call(ctx.mock, 'listOpenDeposits', { sid, scenario })
    const order = (open.body as { deposits: Json[] }).deposits[0]!
    expect(order.expiresAt).toBe(iso(started + 5_000))
    clock.now = started + 5_000
    const after = await call(ctx.mock, 'checkDeposit', {
      sid,
      scenario,
      path: { orderId: String(order.id) },
    })
    expect(after.body).toMatchObject({ status: 'CANCELED', reason: 'EXPIRED' })
    const refused = await call(ctx.mock, 'listOpenDeposits', {
      sid,
      scenario: 'expiring-order;expiresIn=soon',
    })
    expect(refused.status).toBe(400)
    const none = await call(ctx.mock, 'listOpenDeposits', { sid, scenario: 'open-order;x=1' })
    expect(none.status).toBe(400)
  })

  it('POST /__mock/advance moves the session’s clock on: its order expires without waiting', async () => {
    const scenario = 'expiring-order;expiresIn=30000'
    const started = clock.now
    const sid = await login(ctx.mock, scenario)
    const open = await call(ctx.mock, 'listOpenDeposits', { sid, scenario })
    const order = (open.body as { deposits: Json[] }).deposits[0]!
    const path = { orderId: String(order.id) }
    const advance = (ms: string, cookie = `sid=${sid}`) =>
      fetch(`${ctx.mock.url}/__mock/advance?ms=${ms}`, { method: 'POST', headers: { cookie } })
    const moved = await advance('29000')
    expect(moved.status).toBe(200)
    expect(await moved.json()).toEqual({ now: new Date(started + 29_000).toISOString() })
    const before = await call(ctx.mock, 'checkDeposit', { sid, scenario, path })
    expect((before.body as Json).status).toBe('OPEN')
    expect((await advance('1000')).status).toBe(200)
    const after = await call(ctx.mock, 'checkDeposit', { sid, scenario, path })
    expect(after.body).toMatchObject({ status: 'CANCELED', reason: 'EXPIRED' })
    // Dates moved to now are the session's now: the history is 30 s later too.
    const history = await call(ctx.mock, 'listDeposits', { sid, scenario })
    expect(history.body).toEqual(moveDates(example('listDeposits', 'history'), started + 30_000))
    // Another session keeps the real clock.
    const other = await login(ctx.mock, scenario)
    const its = await call(ctx.mock, 'listOpenDeposits', { sid: other, scenario })
    expect((its.body as { deposits: Json[] }).deposits[0]?.status).toBe('OPEN')
    // A reset puts the session back on the real clock and its order back to OPEN.
    await fetch(`${ctx.mock.url}/__mock/reset`, {
      method: 'POST',
      headers: { cookie: `sid=${sid}` },
    })
    const session = await fetch(`${ctx.mock.url}/__mock/session`, {
      headers: { cookie: `sid=${sid}` },
    })
    expect(((await session.json()) as { memory: Json }).memory.ahead).toBeUndefined()
    const reopened = await call(ctx.mock, 'checkDeposit', { sid, scenario, path })
    expect((reopened.body as Json).status).toBe('OPEN')
    // Refused: no whole ms, or no session to move.
    expect((await advance('soon')).status).toBe(400)
    expect((await advance('-5')).status).toBe(400)
    expect((await advance('1000', '')).status).toBe(400)
  })

  it('expiring-order: an order canceled before its expiry stays canceled after it', async () => {
    const scenario = 'expiring-order'
    const started = clock.now
    const sid = await login(ctx.mock, scenario)
    const open = await call(ctx.mock, 'listOpenDeposits', { sid, scenario })
    const path = { orderId: String((open.body as { deposits: Json[] }).deposits[0]!.id) }
    const canceled = await call(ctx.mock, 'cancelDeposit', {
      sid,
      scenario,
      path,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })
    expect(canceled.status).toBe(200)
    clock.now = started + 120_000
    const after = await call(ctx.mock, 'checkDeposit', { sid, scenario, path })
    expect(after.body).toMatchObject({ status: 'CANCELED', reason: 'PLAYER_CANCELED' })
  })
})

describe('answers that reflect the request', () => {
  it('a login answers as the player who logged in', async () => {
    const body = { ...(requestExample('loginPlayer') as Json), username: 'curlie2' }
    const answer = await call(ctx.mock, 'loginPlayer', { body })
    const info = answer.body as { player: Json; credential: Json }
    expect(info.player.username).toBe('curlie2')
    expect(info.credential.username).toBe('curlie2')
    const sid = answer.setSid ?? ''
    const later = await call(ctx.mock, 'getPlayerInfo', { sid })
    expect((later.body as { player: Json }).player.username).toBe('curlie2')
    expect(later.headers.get('x-mock-built')).toMatch(/echo/)
  })

  it('the bank account added is the one sent: in the answer, the list and the player info', async () => {
    const sid = await login(ctx.mock, 'new-player')
    const sent = {
      bankCode: 'bcel',
      currency: 'LAK',
      accountNumber: '0101234567890',
      accountName: 'CURLIE TWO',
      owner: 'Curlie Two',
    }
    const added = await call(ctx.mock, 'addBankAccount', {
      sid,
      scenario: 'new-player',
      body: sent,
    })
    const { accountNumber, ...shown } = sent
    const expected = { ...shown, accountNumberMasked: maskAccountNumber(accountNumber) }
    expect(expected.accountNumberMasked).toBe('*********7890')
    expect(added.body).toMatchObject(expected)
    const list = await call(ctx.mock, 'listBankAccounts', { sid, scenario: 'new-player' })
    expect((list.body as { bankAccounts: Json[] }).bankAccounts).toEqual([added.body])
    const info = await call(ctx.mock, 'getPlayerInfo', { sid, scenario: 'new-player' })
    expect((info.body as { bankAccounts: Json[] }).bankAccounts).toEqual([added.body])
  })
})

describe('long lists', () => {
  it('long-lists: 300 history rows, paged by the request, each row its own', async () => {
    const sid = await login(ctx.mock, 'long-lists')
    const page = async (n: number) =>
      (
        await call(ctx.mock, 'listDeposits', {
          sid,
          scenario: 'long-lists',
          query: { page: String(n), pageSize: '20' },
        })
      ).body as { items: Json[]; total: number; page: number; pageSize: number }
    const first = await page(1)
    const last = await page(15)
    expect(first).toMatchObject({ total: 300, page: 1, pageSize: 20 })
    expect(first.items).toHaveLength(20)
    expect(last.items).toHaveLength(20)
    expect((await page(16)).items).toHaveLength(0)
    const ids = [...first.items, ...last.items].map((item) => item.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('long-lists: each promotion usage of the history has its own id (the rows are keyed by it)', async () => {
    const sid = await login(ctx.mock, 'long-lists')
    const { body } = await call(ctx.mock, 'listPromotionUsages', {
      sid,
      scenario: 'long-lists',
      query: { page: '2', pageSize: '20' },
    })
    const ids = (body as { items: Json[] }).items.map((item) => item.usageId)
    expect(ids).toHaveLength(20)
    expect(new Set(ids).size).toBe(20)
  })

  it('long-lists: 500 games per provider, unique codes, all of that provider', async () => {
    const sid = await login(ctx.mock, 'long-lists')
    for (const provider of ['askmebet', 'gclub']) {
      const answer = await call(ctx.mock, 'listGames', {
        sid,
        scenario: 'long-lists',
        query: { provider },
      })
      const games = (answer.body as { games: Json[] }).games
      expect(games).toHaveLength(500)
      expect(new Set(games.map((g) => g.code)).size).toBe(500)
      expect(games.every((g) => g.provider === provider)).toBe(true)
      expect(answer.headers.get('x-mock-built')).toMatch(/volume 500/)
    }
  })

  // The examples' three promotions repeated: round 1 to 16, the 50th row `pr_daily10-16`.
  const promotions = async (sid: string) => {
    const answer = await call(ctx.mock, 'listPromotions', { sid, scenario: 'long-lists' })
    return { answer, list: (answer.body as { promotions: Json[] }).promotions }
  }

  it('long-lists: 50 promotions, each its own id and title, valid against the schema', async () => {
    const { answer, list } = await promotions(await login(ctx.mock, 'long-lists'))
    expect(list).toHaveLength(50)
    expect(new Set(list.map((p) => p.id)).size).toBe(50)
    expect(new Set(list.map((p) => p.title)).size).toBe(50)
    expect(list.at(-1)?.id).toBe('pr_daily10-16')
    const contract = loadContract()
    expect(
      responseValidator(contract)(contract.operation('listPromotions'), 200, answer.body),
    ).toEqual([])
    expect(answer.headers.get('x-mock-built')).toMatch(/volume 50\b/)
  })

  it('long-lists: a generated promotion’s detail is its row; an id the list lacks is not found', async () => {
    const sid = await login(ctx.mock, 'long-lists')
    const { list } = await promotions(sid)
    for (const row of [list[3], list.at(-1)]) {
      const detail = await call(ctx.mock, 'getPromotion', {
        sid,
        scenario: 'long-lists',
        path: { promotionId: String(row?.id) },
      })
      expect(detail.status).toBe(200)
      expect(detail.body).toEqual(row)
      expect(detail.headers.get('x-mock-built')).toMatch(/generated row/)
    }
    // Round 16 ends at the 50th row: its weekend promotion would be the 51st.
    for (const promotionId of ['pr_weekend20-16', 'pr_nowhere']) {
      const missing = await call(ctx.mock, 'getPromotion', {
        sid,
        scenario: 'long-lists',
        path: { promotionId },
      })
      expect(missing.status).toBe(404)
      expect(missing.body).toMatchObject({ code: 'PROMOTION_NOT_FOUND' })
    }
  })

  it('long-lists: a generated promotion is claimed as the example it was made from', async () => {
    const claim = async (promotionId: string) => {
      const sid = await login(ctx.mock, 'long-lists')
      const answer = await call(ctx.mock, 'usePromotion', {
        sid,
        scenario: 'long-lists',
        body: { promotionId, providerId: 'askmebet' },
      })
      const current = await call(ctx.mock, 'getCurrentPromotion', { sid, scenario: 'long-lists' })
      return { answer, current }
    }
    const template = await claim('pr_daily10')
    const generated = await claim('pr_daily10-1')
    expect(generated.answer.status).toBe(200)
    // The daily bonus's usage, not the one another rule (the provider) would pick alone.
    expect(generated.answer.headers.get('x-mock-prefer')).toBe(
      template.answer.headers.get('x-mock-prefer'),
    )
    const { list } = await promotions(await login(ctx.mock, 'long-lists'))
    const row = list.find((p) => p.id === 'pr_daily10-1')
    expect(generated.answer.body).toMatchObject({
      promotionId: 'pr_daily10-1',
      promotionTitle: row?.title,
      provider: 'askmebet',
    })
    // Its transition fired as the template’s: the same usage in force.
    expect(generated.current.body).toEqual(template.current.body)
  })
})

describe('the layer validates what it builds', () => {
  const contract = loadContract()
  const check = responseValidator(contract)

  it('accepts the contract’s own examples and refuses a body that breaks the schema', () => {
    const op = contract.operation('listBankAccounts')
    expect(check(op, 200, example('listBankAccounts', 'keo'))).toEqual([])
    const broken = {
      bankAccounts: [{ ...(example('addBankAccount', 'keo') as Json), bankCode: 7 }],
    }
    expect(check(op, 200, broken).join()).toMatch(/bankCode/)
  })
})

describe('latency and failures', () => {
  it('X-Mock-Latency delays the answer by a fixed or drawn time (said in x-mock-delay)', async () => {
    const fixed = await call(ctx.mock, 'getAgencyInfo', { headers: { 'x-mock-latency': '120' } })
    expect(fixed.status).toBe(200)
    expect(fixed.headers.get('x-mock-delay')).toBe('120')
    const drawn = await call(ctx.mock, 'getAgencyInfo', { headers: { 'x-mock-latency': '10-40' } })
    expect(Number(drawn.headers.get('x-mock-delay'))).toBeGreaterThanOrEqual(10)
    expect(Number(drawn.headers.get('x-mock-delay'))).toBeLessThanOrEqual(40)
  })

  it('X-Mock-Fail-Rate: 1 fails every call: the documented 500 or a dropped connection', async () => {
    const outcomes = new Set<string>()
    for (let i = 0; i < 12; i++) {
      try {
        const answer = await call(ctx.mock, 'getAgencyInfo', {
          headers: { 'x-mock-fail-rate': '1' },
        })
        expect(answer.status).toBe(500)
        expect(answer.body).toEqual(example('getAgencyInfo', 'INTERNAL_ERROR'))
        outcomes.add('500')
      } catch (error) {
        expect(String((error as Error & { cause?: unknown }).cause ?? error)).toMatch(
          /socket|closed|reset/i,
        )
        outcomes.add('dropped')
      }
    }
    expect([...outcomes].sort()).toEqual(['500', 'dropped'])
  })

  it('a bad setting is a 400 from the layer naming it', async () => {
    const answer = await call(ctx.mock, 'getAgencyInfo', { headers: { 'x-mock-fail-rate': '2' } })
    expect(answer.status).toBe(400)
    expect((answer.body as { detail: string }).detail).toMatch(/fail rate "2"/)
  })
})

describe('chaos settings, seeded', () => {
  const op = loadContract().operation('createDeposit')
  const draws = (seed: number) => {
    const c = chaos({
      latency: { '*': [300, 1200], createDeposit: [3000, 3000] },
      failRate: { '*': 0.5 },
      seed,
    })
    return Array.from({ length: 20 }, () => c.fate(undefined)).concat([c.fate(op)])
  }

  it('the same seed gives the same delays and failures; per operation wins over *', () => {
    const a = draws(7)
    expect(draws(7)).toEqual(a)
    expect(draws(8)).not.toEqual(a)
    expect(a.slice(0, 20).every((f) => f.delayMs >= 300 && f.delayMs <= 1200)).toBe(true)
    expect(a.slice(0, 20).some((f) => f.failure)).toBe(true)
    expect(a[20]?.delayMs).toBe(3000)
  })

  it('reads the command line’s forms and refuses what it cannot use', () => {
    const isOp = (id: string) => id === 'createDeposit'
    expect(perOperation(['300-1200', 'createDeposit=3000'], parseLatency, isOp)).toEqual({
      '*': [300, 1200],
      createDeposit: [3000, 3000],
    })
    expect(perOperation(['0.1'], parseFailRate, isOp)).toEqual({ '*': 0.1 })
    expect(() => perOperation(['createDepost=10'], parseLatency, isOp)).toThrow(/no operation/)
    expect(() => parseLatency('1200-300')).toThrow(/below/)
    expect(() => parseFailRate('1.5')).toThrow(/0 to 1/)
  })
})

describe('the layer’s own endpoints', () => {
  it('GET /__mock/operations lists every operation with its example names and statuses', async () => {
    const answer = (await (await fetch(`${ctx.mock.url}/__mock/operations`)).json()) as {
      operations: {
        id: string
        method: string
        path: string
        examples: { name: string; status: number }[]
      }[]
    }
    expect(answer.operations.map((op) => op.id).sort()).toEqual(Object.keys(operations).sort())
    const deposit = answer.operations.find((op) => op.id === 'createDeposit')
    expect(deposit).toMatchObject({ method: 'POST', path: operations.createDeposit.path })
    expect(deposit?.examples).toEqual(
      expect.arrayContaining([
        { name: 'open', status: 201 },
        { name: 'OPEN_ORDER', status: 409 },
        { name: 'VALIDATION_FAILED', status: 400 },
      ]),
    )
  })

  it('a client Prefer naming an error example alone gets it at its documented status', async () => {
    // Prism alone looks for `example=OPEN_ORDER` among the 2xx examples and answers 404.
    const sid = await login(ctx.mock)
    const answer = await call(ctx.mock, 'createDeposit', { sid, prefer: 'example=OPEN_ORDER' })
    expect(answer.status).toBe(409)
    expect(answer.body).toEqual(example('createDeposit', 'OPEN_ORDER'))
    expect(answer.headers.get('x-mock-prefer')).toBe('code=409, example=OPEN_ORDER (client)')
  })

  it('logs its own calls like API calls', async () => {
    await fetch(`${ctx.mock.url}/__mock/scenarios`)
    expect(logged).toContain('GET /__mock/scenarios -> 200 (mock control)')
  })
})
