// @vitest-environment node
// The layer's answers in their context, as contract-check's drift judges them (checks around
// the calls: auth, agreement, promises), through real HTTP with real Prism: the session is
// checked before the parameters, every requestId is new, the answer repeats the request's values
// where the contract says it does, and the withdraw and deposit figures still add up.
import Big from 'big.js'
import { describe, expect, it } from 'vitest'
import { freshValue } from '../../mock/agree'
import { withFigures } from '../../mock/figures'
import { examplesOf } from '../contract/spec'
import { EXAMPLE_NOW } from '../../mock/dates'
import { call, example, login, requestExample, runMockForFile } from './support'

type Json = Record<string, unknown>

// On the examples' own clock: the answers are compared with the examples, dates included
// (the quote's expiresAt moves with the clock otherwise).
const ctx = runMockForFile({ now: () => EXAMPLE_NOW })

/** The requestId as the layer sent it (support.ts's `call` compares it as a placeholder). */
async function requestIdOf(url: string, init: RequestInit = {}) {
  const response = await fetch(ctx.mock.url + url, init)
  return ((await response.json()) as { requestId?: string }).requestId
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/

describe('the session is checked before the parameters', () => {
  it('a call with parameters and no session answers the documented 401, not VALIDATION_FAILED', async () => {
    for (const [id, query] of [
      ['listDeposits', { page: '1' }],
      ['quoteWithdraw', { provider: 'askmebet', credit: '100.00' }],
      ['listGames', { provider: 'askmebet' }],
    ] as const) {
      const answer = await call(ctx.mock, id, { query })
      expect(answer.status, id).toBe(401)
      expect(answer.body, id).toEqual(example(id, 'UNAUTHORIZED'))
    }
  })

  it('also when a parameter breaks the contract too', async () => {
    const answer = await call(ctx.mock, 'listDeposits', { query: { page: '0' } })
    expect(answer.status).toBe(401)
    expect((answer.body as Json).code).toBe('UNAUTHORIZED')
  })

  it('with a session, a broken parameter is still VALIDATION_FAILED', async () => {
    const sid = await login(ctx.mock)
    const answer = await call(ctx.mock, 'listDeposits', { sid, query: { page: '0' } })
    expect(answer.status).toBe(400)
    expect((answer.body as Json).code).toBe('VALIDATION_FAILED')
  })
})

describe('a new requestId in every answer (Error.requestId is x-unique)', () => {
  it('two refusals of the same call carry two requestIds in the example’s shape', async () => {
    const written = (example('getPlayerInfo', 'UNAUTHORIZED') as Json).requestId
    const ids = [
      await requestIdOf('/v2/players/info'),
      await requestIdOf('/v2/players/info'),
      await requestIdOf('/v2/deposits?page=0'),
      await requestIdOf('/v2/players/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"username":"x","password":""}',
      }),
    ]
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) {
      expect(id).toMatch(REQUEST_ID)
      expect(id).not.toBe(written)
    }
    // The contract's prefix stays (`req_`), as many random characters as the example has.
    const [first] = ids
    expect(first).toMatch(/^req_[0-9A-F]{12}$/)
  })

  it('freshValue keeps the prefix and the length', () => {
    expect(freshValue('req_32F1C93F9C8F')).toMatch(/^req_[0-9A-F]{12}$/)
    expect(freshValue('req_32F1C93F9C8F')).not.toBe(freshValue('req_32F1C93F9C8F'))
    expect(freshValue('plain')).toMatch(/^mock_[0-9A-F]{12}$/)
  })
})

describe('the answer repeats the request where the contract says', () => {
  it('validateUsername answers the username asked about', async () => {
    const answer = await call(ctx.mock, 'validateUsername', { body: { username: 'somchai_88' } })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ username: 'somchai_88' })
    expect(answer.headers.get('x-mock-built')).toMatch(/agreed/)
  })

  it('checkDeposit answers the order checked (path orderId is the answer’s id: x-answered-as)', async () => {
    const sid = await login(ctx.mock)
    // An id no example carries (a history order is answered as its row: layer.test.ts).
    const answer = await call(ctx.mock, 'checkDeposit', { sid, path: { orderId: 'dp_01JE2AGR33' } })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ id: 'dp_01JE2AGR33' })
    expect(answer.headers.get('x-mock-built')).toMatch(/agreed/)
  })

  it('getDepositLaoQr: an order the example world does not have is ORDER_NOT_FOUND', async () => {
    const sid = await login(ctx.mock)
    const unknown = await call(ctx.mock, 'getDepositLaoQr', {
      sid,
      path: { orderId: 'drift-probe-0000' },
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual(example('getDepositLaoQr', 'ORDER_NOT_FOUND'))
    // An order another operation answers (the deposit with a promotion) gets its QR, named so.
    const known = (example('createDeposit', 'withPromotion') as Json).id as string
    const qr = await call(ctx.mock, 'getDepositLaoQr', { sid, path: { orderId: known } })
    expect(qr.status).toBe(200)
    expect(qr.body).toMatchObject({ orderId: known })
  })

  it('usePromotion answers the promotion claimed, with its own title and terms', async () => {
    const sid = await login(ctx.mock)
    const welcome = examplesOf('usePromotion', '200').claimedWelcome as Json
    const answer = await call(ctx.mock, 'usePromotion', {
      sid,
      body: { promotionId: welcome.promotionId, providerId: welcome.provider },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      promotionId: welcome.promotionId,
      provider: welcome.provider,
      promotionTitle: welcome.promotionTitle,
    })
  })
})

/** credit = bonusDeducted + receiveCredit + returnCredit; payout = receive x rate, whole kip down. */
function expectWithdrawAddsUp(body: Json) {
  const sum = new Big(String(body.bonusDeducted))
    .plus(String(body.receiveCredit))
    .plus(String(body.returnCredit))
  expect(sum.eq(String(body.credit))).toBe(true)
  const payout = new Big(String(body.receiveCredit))
    .times(String(body.rate))
    .round(0, Big.roundDown)
  expect(body.payoutAmount).toBe(payout.toFixed(0))
}

describe('the figures still add up (decision 005’s rules)', () => {
  it('a quote of another provider and credit: that provider’s credit, the split and the payout', async () => {
    const sid = await login(ctx.mock)
    const answer = await call(ctx.mock, 'quoteWithdraw', {
      sid,
      query: { provider: 'askmebet', credit: '100.00' },
    })
    expect(answer.status).toBe(200)
    const body = answer.body as Json
    const askmebet = await call(ctx.mock, 'getProviderCredit', {
      sid,
      path: { provider: 'askmebet' },
    })
    expect(body).toMatchObject({
      provider: 'askmebet',
      credit: '100.00',
      availableCredit: (askmebet.body as { credit: { amount: string } }).credit.amount,
      receiveCredit: '100.00',
      usageId: null,
    })
    expectWithdrawAddsUp(body)
    expect(body.payoutAmount).toBe('61000')
  })

  it('a quote above the provider’s credit is the documented INSUFFICIENT_CREDIT, with its figures', async () => {
    const sid = await login(ctx.mock)
    const answer = await call(ctx.mock, 'quoteWithdraw', {
      sid,
      query: { provider: 'askmebet', credit: '500.00' },
    })
    expect(answer.status).toBe(422)
    expect(answer.body).toMatchObject({
      code: 'INSUFFICIENT_CREDIT',
      details: { provider: 'askmebet', credit: '412.50', amount: '500.00' },
    })
  })

  it('withdraw-all: a quote of less than all the credit is WITHDRAW_ALL_CREDIT_REQUIRED', async () => {
    const sid = await login(ctx.mock, 'withdraw-all')
    const all = example('quoteWithdraw', 'withdrawAll') as Json
    const refused = await call(ctx.mock, 'quoteWithdraw', {
      sid,
      scenario: 'withdraw-all',
      query: { provider: String(all.provider), credit: '100.00' },
    })
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({
      code: 'WITHDRAW_ALL_CREDIT_REQUIRED',
      details: { amount: all.availableCredit },
    })
    const whole = await call(ctx.mock, 'quoteWithdraw', {
      sid,
      scenario: 'withdraw-all',
      query: { provider: String(all.provider), credit: String(all.credit) },
    })
    expect(whole.body).toEqual(all)
  })

  it('createWithdraw of another credit: the order carries it, split and paid by the rules', async () => {
    const sid = await login(ctx.mock)
    const sent: Json = { ...(requestExample('createWithdraw') as Json), credit: '33.33' }
    const answer = await call(ctx.mock, 'createWithdraw', { sid, body: sent })
    expect(answer.status).toBe(201)
    const body = answer.body as Json
    expect(body).toMatchObject({ provider: sent.provider, credit: '33.33' })
    expectWithdrawAddsUp(body)
  })

  it('createDeposit of another amount and provider: credit = amount / rate, down to the hundredth', async () => {
    const sid = await login(ctx.mock)
    const sent = {
      ...(requestExample('createDeposit') as Json),
      provider: 'gclub',
      amount: '123456',
    }
    const answer = await call(ctx.mock, 'createDeposit', { sid, body: sent })
    expect(answer.status).toBe(201)
    const body = answer.body as Json
    expect(body).toMatchObject({ provider: 'gclub', amount: '123456' })
    const credit = new Big('123456').div(String(body.rate)).round(2, Big.roundDown).toFixed(2)
    expect(body.credit).toBe(credit)
    expect(new Big(credit).plus(String(body.promotionCredit)).toFixed(2)).toBe(body.totalCredit)
  })

  it('withFigures: a capped promotion split returns the excess; the example’s own figures stay', () => {
    const written = example('createWithdraw', 'withdrawAll') as Json
    const asked = withFigures({ ...written, credit: '2000.00' }, written)
    // bonus 150.00 first, receive capped at the example's 1900.00 (its cap bound), 0 returned
    // here since 1850.00 is under the cap.
    expect(asked.body).toMatchObject({
      bonusDeducted: '150.00',
      receiveCredit: '1850.00',
      returnCredit: '0.00',
      payoutAmount: new Big('1850').times(String(written.rate)).toFixed(0),
    })
    const larger = withFigures({ ...written, credit: '2500.00' }, written)
    expect(larger.body).toMatchObject({ receiveCredit: '1900.00', returnCredit: '450.00' })
    expect(withFigures(written, written).body).toEqual(written)
  })
})
