// @vitest-environment node
// The examples are the mock's world (decision 005). These tests hold them to the contract's money
// rules and to one consistent story: the numbers are recomputed here, not copied.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { components } from '../../generated/api/schema'
import type { ErrorBody } from '../../src/lib/api/error'
import { operations, type OperationId } from '../../generated/api/operations'
import {
  allDeposits,
  allOperations,
  allUsages,
  allWithdraws,
  deref,
  exampleEntriesOf,
  exampleOf,
  examplesOf,
  spec,
} from './spec'

type S = components['schemas']
type Json = Record<string, unknown>
type Schema = {
  $ref?: string
  type?: string | string[]
  properties?: Record<string, Schema>
  items?: Schema
  oneOf?: Schema[]
  anyOf?: Schema[]
  enum?: string[]
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const NOW = Date.now()
const YEAR_MS = 365 * 24 * 3600 * 1000

// ---- exact decimal arithmetic on the contract's decimal strings (hundredths as bigint) ----
const cents = (value: string) => {
  const [whole = '0', fraction = ''] = value.split('.')
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2))
}
const fromCents = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`
/** Rates carry up to 6 decimals: as millionths. */
const micro = (value: string) => {
  const [whole = '0', fraction = ''] = value.split('.')
  return BigInt(whole) * 1_000_000n + BigInt((fraction + '000000').slice(0, 6))
}
/** LAK / rate, rounded down to the hundredth (decision 005). */
const lakToCredit = (lak: string, rate: string) =>
  fromCents((BigInt(lak) * 100n * 1_000_000n) / micro(rate))
/** credit x rate, rounded down to the whole kip. */
const creditToLak = (credit: string, rate: string) =>
  String((cents(credit) * micro(rate)) / 100_000_000n)
/** credit x percent / 100, rounded down to the hundredth. */
const percentOf = (credit: string, percent: number) =>
  fromCents((cents(credit) * BigInt(percent)) / 100n)
/** credit x a decimal multiplier (up to 2 decimals), rounded down to the hundredth. */
const times = (credit: string, multiplier: string) =>
  fromCents((cents(credit) * cents(multiplier)) / 100n)
const min = (a: string, b: string) => (cents(a) < cents(b) ? a : b)

// ---- every example of the contract, with the schema it answers to ----
type Sample = { where: string; schema: Schema; value: unknown }

function samples(): Sample[] {
  const out: Sample[] = []
  for (const { op, method, path } of allOperations()) {
    const body = deref(op.requestBody as { content?: Record<string, unknown> } | undefined)
    const media = body?.content?.['application/json'] as
      { schema: Schema; examples?: Record<string, { value?: unknown }> } | undefined
    for (const [name, example] of Object.entries(media?.examples ?? {})) {
      out.push({
        where: `${op.operationId} request ${name}`,
        schema: media!.schema,
        value: deref(example).value,
      })
    }
    for (const status of Object.keys(op.responses)) {
      const response = deref(spec.paths[path]![method]!.responses[status]!)
      const schema = response.content?.['application/json']?.schema as Schema
      for (const entry of exampleEntriesOf(op.operationId as OperationId, status)) {
        if (entry.outsideContract) continue
        out.push({ where: `${op.operationId} ${status} ${entry.name}`, schema, value: entry.value })
      }
    }
  }
  return out
}

const SAMPLES = samples()
const refName = (schema: Schema | undefined) => schema?.$ref?.split('/').pop()

type Visit = (ctx: { path: string; name: string | undefined; value: unknown; parent: Json }) => void

/** Walks a value along its schema and calls `visit` on every property with its schema's name. */
function walk(
  schema: Schema | undefined,
  value: unknown,
  path: string,
  visit: Visit,
  parent: Json = {},
) {
  if (!schema || value === undefined) return
  const name = refName(schema)
  visit({ path, name, value, parent })
  const resolved = deref(schema)
  for (const branch of [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])]) {
    if (value === null && deref(branch).type === 'null') return
    if (value !== null) walk(branch, value, path, visit, parent)
  }
  if (Array.isArray(value) && resolved.items) {
    value.forEach((item, i) => walk(resolved.items, item, `${path}[${i}]`, visit, parent))
  } else if (value && typeof value === 'object' && resolved.properties) {
    for (const [key, sub] of Object.entries(resolved.properties)) {
      walk(sub, (value as Json)[key], `${path}.${key}`, visit, value as Json)
    }
  }
}

const DECIMALS: Record<string, number> = { LAK: 0, THB: 2, USD: 2 }
const decimalsOf = (amount: string) => amount.split('.')[1]?.length ?? 0

describe('money in every example', () => {
  const moneyFields: {
    where: string
    path: string
    kind: string
    amount: unknown
    currency?: unknown
  }[] = []
  for (const sample of SAMPLES) {
    walk(sample.schema, sample.value, '', ({ path, name, value, parent }) => {
      if (name === 'Money' || name === 'LakAmount' || name === 'CreditAmount') {
        moneyFields.push({
          where: sample.where,
          path,
          kind: name,
          amount: value,
          currency: parent.currency,
        })
      }
    })
  }

  it('finds the money fields (the walk reaches them)', () => {
    expect(moneyFields.length).toBeGreaterThan(300)
    expect(new Set(moneyFields.map((f) => f.kind))).toEqual(
      new Set(['Money', 'LakAmount', 'CreditAmount']),
    )
  })

  it('is a string with the decimals of its currency (LAK 0, THB and USD 2)', () => {
    const wrong = moneyFields.filter(({ kind, amount, currency }) => {
      if (typeof amount !== 'string') return true
      if (kind === 'LakAmount') return decimalsOf(amount) !== 0
      if (kind === 'CreditAmount') return decimalsOf(amount) !== 2
      // Money: the currency is the sibling `currency` field.
      return typeof currency !== 'string' || decimalsOf(amount) !== DECIMALS[currency]
    })
    expect(wrong).toEqual([])
  })

  it('has no JSON number where a value is money-like', () => {
    // Every numeric property of the contract, by name: counts, percents and browser data only.
    const numeric = new Set<string>()
    for (const [schemaName, schema] of Object.entries(spec.components.schemas)) {
      for (const [prop, sub] of Object.entries((schema as Schema).properties ?? {})) {
        const type = deref(sub as Schema).type
        const types = Array.isArray(type) ? type : [type]
        if (types.includes('number') || types.includes('integer'))
          numeric.add(`${schemaName}.${prop}`)
      }
    }
    expect([...numeric].sort()).toEqual(
      [
        'DepositPage.page',
        'DepositPage.pageSize',
        'DepositPage.total',
        'FingerprintPayload.audio',
        'FingerprintPayload.hardwareConcurrency',
        'FingerprintPayload.memory',
        'Promotion.bonusPercent',
        'Promotion.maxReceivePercent',
        'PromotionTerms.bonusPercent',
        'PromotionTerms.maxReceivePercent',
        'PromotionUsagePage.page',
        'PromotionUsagePage.pageSize',
        'PromotionUsagePage.total',
        'WithdrawPage.page',
        'WithdrawPage.pageSize',
        'WithdrawPage.total',
      ].sort(),
    )
  })
})

describe('error examples', () => {
  const errorExamples = allOperations().flatMap(({ op }) =>
    Object.keys(op.responses)
      .filter((status) => /^[45]/.test(status))
      .flatMap((status) =>
        Object.entries(examplesOf(op.operationId as OperationId, status)).map(([name, value]) => ({
          operationId: op.operationId,
          status,
          name,
          body: value as ErrorBody,
        })),
      ),
  )
  const codes = spec.components.schemas.ErrorCode?.enum as string[]

  it('every ErrorCode is still the code of an example', () => {
    expect(new Set(errorExamples.map((e) => e.body.code))).toEqual(new Set(codes))
  })

  it('each code has one HTTP status on every operation, the one ErrorCode documents', () => {
    const documented = new Map<string, string>()
    const description = String(spec.components.schemas.ErrorCode?.description)
    for (const [, status, list] of description.matchAll(/- (\d{3}): ([\s\S]*?)(?=\n- \d{3}:|$)/g)) {
      for (const code of list!.match(/[A-Z][A-Z_]+[A-Z]/g) ?? []) documented.set(code, status!)
    }
    expect(new Set(documented.keys())).toEqual(new Set(codes))
    const wrong = errorExamples.filter((e) => documented.get(e.body.code) !== e.status)
    expect(wrong.map((e) => `${e.operationId} ${e.status} ${e.name} ${e.body.code}`)).toEqual([])
  })

  it('every error carries a requestId staff can look up', () => {
    expect(errorExamples.filter((e) => !e.body.requestId)).toEqual([])
  })

  it('OPEN_ORDER says which kind of order is open', () => {
    const open = errorExamples.filter((e) => e.body.code === 'OPEN_ORDER')
    expect(open.length).toBeGreaterThan(0)
    for (const e of open) {
      const kind = e.operationId === 'createWithdraw' ? 'withdraw' : 'deposit'
      expect(e.body.details?.orderKind, `${e.operationId} ${e.name}`).toBe(kind)
    }
  })

  it('the idempotent operations document a replay with another body (422) and one in flight (409)', () => {
    const idempotent = allOperations().filter(({ op }) =>
      (op as { parameters?: unknown[] }).parameters?.some(
        (p) => deref(p as { name?: string }).name === 'Idempotency-Key',
      ),
    )
    expect(idempotent.map(({ op }) => op.operationId).sort()).toEqual(
      [
        'addBankAccount',
        'cancelDeposit',
        'cancelPromotionUsage',
        'createDeposit',
        'createWithdraw',
        'openGame',
        'usePromotion',
      ].sort(),
    )
    for (const { op } of idempotent) {
      const id = op.operationId as OperationId
      expect(examplesOf(id, '422'), id).toHaveProperty('IDEMPOTENCY_KEY_REUSED')
      expect(examplesOf(id, '409'), id).toHaveProperty('IDEMPOTENCY_KEY_IN_PROGRESS')
    }
  })

  it('the bank form has one example per required field', () => {
    const required = (deref(spec.components.schemas.BankAccountCreate) as { required: string[] })
      .required
    const missing = Object.values(examplesOf('addBankAccount', '400')).flatMap((body) =>
      ((body as ErrorBody).fields ?? []).filter((f) => f.code === 'required').map((f) => f.field),
    )
    expect(new Set(missing)).toEqual(new Set([...required, 'Idempotency-Key']))
  })
})

describe('images in examples', () => {
  const urls: { where: string; url: string }[] = []
  for (const sample of SAMPLES) {
    walk(sample.schema, sample.value, '', ({ path, name, value }) => {
      if (name === 'ImageUrl') urls.push({ where: `${sample.where} ${path}`, url: value as string })
    })
  }

  it('finds the image fields', () => {
    expect(urls.length).toBeGreaterThan(20)
  })

  it('each loads offline: a file of this repository (public/) or a data: URI', () => {
    const broken = urls.filter(({ url }) => {
      if (url.startsWith('data:')) return false
      if (!url.startsWith('/')) return true
      return !existsSync(resolve(ROOT, 'public', `.${url.split(/[?#]/)[0]}`))
    })
    expect(broken).toEqual([])
  })

  it('the game launch of the mock is a page of this repository too', () => {
    const { url } = exampleOf<S['OpenGameResponse']>('openGame', '200')
    expect(existsSync(resolve(ROOT, 'public', `.${url.split('?')[0]}`))).toBe(true)
  })
})

// ---- the default world (first examples) and the named scenario variants ----
const PROVIDERS = ['alphabet', 'askmebet', 'gclub', 'gclub_live'] as const
const rates = exampleOf<S['CurrencyRateList']>('listCurrencyRates', '200').rates
const thb = rates.find((r) => r.currency === 'THB')!
const agency = exampleOf<S['Agency']>('getAgencyInfo', '200')
const providerCredit = (name: string) =>
  exampleOf<S['ProviderCredit']>('getProviderCredit', '200', name)

describe('the default world adds up', () => {
  it('general credit is the sum of the four providers, each example named by its provider', () => {
    for (const provider of PROVIDERS) expect(providerCredit(provider).provider).toBe(provider)
    const sum = PROVIDERS.reduce((total, p) => total + cents(providerCredit(p).credit.amount), 0n)
    expect(exampleOf<S['PlayerCredit']>('getPlayerCredit', '200').credit.amount).toBe(
      fromCents(sum),
    )
  })

  it.each([
    [
      'newPlayer',
      {
        alphabet: 'alphabetZero',
        askmebet: 'askmebetZero',
        gclub: 'gclubZero',
        gclub_live: 'gclub_liveZero',
      },
    ],
    ['afterPaidDeposit', { askmebet: 'askmebetAfterPaid' }],
    [
      // What new-player shows after its first paid order (mock/scenarios.ts).
      'newPlayerAfterPaid',
      {
        alphabet: 'alphabetZero',
        askmebet: 'askmebetNewPlayerAfterPaid',
        gclub: 'gclubZero',
        gclub_live: 'gclub_liveZero',
      },
    ],
    ['usedPromotion', { alphabet: 'alphabetUsedPromotion' }],
    ['withdrawAll', { askmebet: 'askmebetWithdrawAll' }],
    ['insufficient', { gclub: 'gclubInsufficient' }],
  ] as const)('general credit %s is the sum of its providers', (general, variant) => {
    const names = {
      alphabet: 'alphabet',
      askmebet: 'askmebet',
      gclub: 'gclub',
      gclub_live: 'gclub_live',
      ...variant,
    }
    let sum = 0n
    for (const provider of PROVIDERS) {
      const credit = providerCredit(names[provider])
      expect(credit.provider).toBe(provider)
      sum += cents(credit.credit.amount)
    }
    expect(exampleOf<S['PlayerCredit']>('getPlayerCredit', '200', general).credit.amount).toBe(
      fromCents(sum),
    )
  })

  it('every deposit converts at its recorded sell rate, rounded down, and adds up', () => {
    for (const d of allDeposits()) {
      expect(d.rate, d.id).toBe(thb.sell)
      expect(d.credit, d.id).toBe(lakToCredit(d.amount, d.rate))
      expect(d.totalCredit, d.id).toBe(fromCents(cents(d.credit) + cents(d.promotionCredit)))
    }
  })

  it('every withdrawal splits exactly and pays out at its recorded buy rate, rounded down', () => {
    const quotes = Object.values(examplesOf('quoteWithdraw', '200')) as S['WithdrawQuote'][]
    for (const w of [...allWithdraws(), ...quotes]) {
      const key = 'id' in w ? String(w.id) : `quote ${w.provider}`
      expect(w.rate, key).toBe(thb.buy)
      expect(cents(w.bonusDeducted) + cents(w.receiveCredit) + cents(w.returnCredit), key).toBe(
        cents(w.credit),
      )
      expect(w.payoutAmount, key).toBe(creditToLak(w.receiveCredit, w.rate))
    }
    for (const q of quotes) {
      expect(cents(q.credit) <= cents(q.availableCredit)).toBe(true)
      if (q.withdrawAll) expect(q.credit).toBe(q.availableCredit)
      if (q.maxReceiveCredit)
        expect(q.receiveCredit).toBe(
          min(fromCents(cents(q.credit) - cents(q.bonusDeducted)), q.maxReceiveCredit),
        )
      expect(q.availableCredit).toBe(
        providerCredit(q.usageId ? `${q.provider}WithdrawAll` : q.provider).credit.amount,
      )
    }
  })

  it('the withdraw-all quote and the usage in force agree', () => {
    const quote = exampleOf<S['WithdrawQuote']>('quoteWithdraw', '200', 'withdrawAll')
    const usage = exampleOf<S['CurrentPromotion']>(
      'getCurrentPromotion',
      '200',
      'withdrawAll',
    ).usage!
    expect(quote.usageId).toBe(usage.usageId)
    expect(quote.withdrawAll).toBe(usage.terms.withdrawAll)
    expect(quote.bonusDeducted).toBe(usage.bonusCredit)
    expect(quote.maxReceiveCredit).toBe(usage.maxReceiveCredit)
    // The rule on the balance before withdrawing: above the promotion credit, within the limit.
    expect(cents(quote.availableCredit) > cents(usage.bonusCredit)).toBe(true)
    expect(cents(quote.availableCredit) <= cents(agency.limits.withdrawCreditLimit)).toBe(true)
  })

  it('every usage carries the terms of its promotion, and its figures follow from them', () => {
    const deposits = new Map(allDeposits().map((d) => [d.id, d]))
    for (const u of allUsages()) {
      const promotion = exampleOf<S['Promotion']>('getPromotion', '200', u.promotionId)
      expect(promotion.id).toBe(u.promotionId)
      expect(u.promotionTitle).toBe(promotion.title)
      const { creditThreshold, ...terms } = u.terms
      expect(creditThreshold).toBe(agency.limits.promotionCreditThreshold)
      expect(terms).toEqual({
        depositAmount: promotion.depositAmount,
        bonusPercent: promotion.bonusPercent,
        maxBonus: promotion.maxBonus,
        turnoverMultiplier: promotion.turnoverMultiplier,
        firstOrderOnly: promotion.firstOrderOnly,
        withdrawAll: promotion.withdrawAll,
        maxReceivePercent: promotion.maxReceivePercent,
      })
      expect(promotion.providers).toContain(u.provider)
      if (u.depositOrderId === null) {
        for (const v of [u.receivedCredit, u.bonusCredit, u.turnoverTarget]) expect(v).toBe('0.00')
        continue
      }
      const deposit = deposits.get(u.depositOrderId)
      if (deposit) {
        expect(deposit.amount).toBe(u.terms.depositAmount)
        expect(deposit.provider).toBe(u.provider)
        expect(deposit.promotionCredit).toBe(u.bonusCredit)
        expect(deposit.totalCredit).toBe(u.receivedCredit)
      }
      const credit = fromCents(cents(u.receivedCredit) - cents(u.bonusCredit))
      expect(u.bonusCredit, u.usageId).toBe(
        min(percentOf(credit, u.terms.bonusPercent), u.terms.maxBonus),
      )
      expect(u.turnoverTarget, u.usageId).toBe(times(u.receivedCredit, u.terms.turnoverMultiplier))
      expect(u.maxReceiveCredit, u.usageId).toBe(
        u.terms.maxReceivePercent === null
          ? null
          : percentOf(u.receivedCredit, u.terms.maxReceivePercent),
      )
    }
  })

  it('each listed promotion has a detail example named by its id, equal to the list entry', () => {
    for (const promotion of exampleOf<S['PromotionList']>('listPromotions', '200').promotions) {
      expect(exampleOf('getPromotion', '200', promotion.id)).toEqual(promotion)
      expect(promotion.active).toBe(true)
    }
  })

  it('each provider has its own game list, named by provider', () => {
    for (const provider of PROVIDERS) {
      const { games } = exampleOf<S['GameList']>('listGames', '200', provider)
      expect(games.length).toBeGreaterThan(0)
      expect(
        games.every((g) => g.provider === provider),
        provider,
      ).toBe(true)
    }
  })

  it('history pages are consistent: sizes, newest first, page 2 older than page 1', () => {
    for (const op of ['listDeposits', 'listWithdraws', 'listPromotionUsages'] as const) {
      const one = exampleOf<{
        items: { createdAt: string }[]
        page: number
        pageSize: number
        total: number
      }>(op, '200')
      const two = exampleOf<typeof one>(op, '200', 'page2')
      expect([one.page, two.page]).toEqual([1, 2])
      expect(two.pageSize).toBe(one.pageSize)
      expect(two.total).toBe(one.total)
      for (const page of [one, two]) {
        expect(page.items.length, op).toBe(
          Math.min(page.pageSize, page.total - (page.page - 1) * page.pageSize),
        )
      }
      const dates = [...one.items, ...two.items].map((i) => Date.parse(i.createdAt))
      expect(dates, op).toEqual([...dates].sort((a, b) => b - a))
    }
  })

  it('the default world has no contradiction between open orders, promotions and accounts', () => {
    const player = exampleOf<S['PlayerInfo']>('getPlayerInfo', '200')
    const account = exampleOf<S['BankAccountList']>('listBankAccounts', '200').bankAccounts
    expect(account).toEqual(player.bankAccounts)
    const current = exampleOf<S['CurrentPromotion']>('getCurrentPromotion', '200').usage
    const open = exampleOf<S['OpenDepositList']>('listOpenDeposits', '200').deposits
    // One promotion at a time, no open order beside a claim that forbids it.
    expect(current === null || open.length === 0).toBe(true)
    // The first-order promotion was claimed before any deposit of the player.
    const history = exampleOf<S['DepositPage']>('listDeposits', '200').items
    const welcome = allUsages().filter((u) => u.terms.firstOrderOnly && u.depositOrderId)
    expect(welcome.length).toBeGreaterThan(0)
    for (const usage of welcome.filter((u) => u.usageId !== 'pu_2f6a90c3')) {
      const earlier = allDeposits().filter(
        (d) => d.id !== usage.depositOrderId && d.createdAt < usage.createdAt,
      )
      expect(earlier.map((d) => d.id)).toEqual([])
    }
    expect(history.every((d) => d.status !== 'OPEN')).toBe(true)
  })
})

describe('dates in examples', () => {
  const all = [...allDeposits(), ...allWithdraws(), ...allUsages()]

  it('what has happened is in the past, in order', () => {
    const happened = (v: string) => v.startsWith('20') && Date.parse(v) > NOW
    for (const item of all) {
      const { createdAt } = item
      expect(happened(createdAt), JSON.stringify(item)).toBe(false)
      for (const key of ['paidAt', 'closedAt', 'endedAt'] as const) {
        const value = (item as Record<string, string | null>)[key]
        if (value === null || value === undefined) continue
        expect(happened(value), `${key} ${value}`).toBe(false)
        expect(Date.parse(value) >= Date.parse(createdAt), `${key} ${value}`).toBe(true)
      }
      const { paidAt, closedAt } = item as { paidAt?: string | null; closedAt?: string | null }
      if (paidAt && closedAt)
        expect(Date.parse(closedAt) >= Date.parse(paidAt), JSON.stringify(item)).toBe(true)
    }
  })

  it('what a screen compares with the clock is years ahead (QR and open-order expiry, promotion end)', () => {
    const ahead = (v: string) => Date.parse(v) > NOW + YEAR_MS
    for (const d of allDeposits().filter((d) => d.status === 'OPEN'))
      expect(ahead(d.expiresAt), d.id).toBe(true)
    for (const qr of Object.values(examplesOf('getDepositLaoQr', '200')) as S['DepositLaoQr'][]) {
      expect(ahead(qr.expiresAt)).toBe(true)
      const order = allDeposits().find((d) => d.id === qr.orderId)
      expect(order?.status).toBe('OPEN')
      expect(qr.expiresAt).toBe(order?.expiresAt)
      expect(qr.amount).toBe(order?.amount)
    }
    for (const p of exampleOf<S['PromotionList']>('listPromotions', '200').promotions) {
      expect(p.endsAt === null || ahead(p.endsAt), p.id).toBe(true)
      expect(Date.parse(p.startsAt) < NOW, p.id).toBe(true)
    }
  })

  it('the Lao QR is an EMVCo payload for the order, with a valid CRC', () => {
    const qr = exampleOf<S['DepositLaoQr']>('getDepositLaoQr', '200')
    const body = qr.qr.slice(0, -4)
    let crc = 0xffff
    for (const byte of Buffer.from(body)) {
      crc ^= byte << 8
      for (let i = 0; i < 8; i++)
        crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
    }
    expect(qr.qr.slice(-4)).toBe(crc.toString(16).toUpperCase().padStart(4, '0'))
    expect(qr.qr).toContain(`5303418`) // currency LAK
    expect(qr.qr).toContain(`54${String(qr.amount.length).padStart(2, '0')}${qr.amount}`)
  })
})

describe('the scenario tables of mock/README.md name what exists', () => {
  const doc = readFileSync(resolve(ROOT, 'mock/README.md'), 'utf8')
  /** The body rows of the first table whose header matches. */
  const rows = (header: RegExp) => {
    const start = doc.search(header)
    expect(start, String(header)).toBeGreaterThan(-1)
    const lines = doc.slice(start).split('\n').slice(2)
    const end = lines.findIndex((l) => !l.startsWith('|'))
    return lines.slice(0, end).map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim().replace(/\\\*/g, '*')),
    )
  }
  const scenarioRows = rows(/^\| scenario +\| operationId/m)
  const ruleRows = rows(/^\| operationId +\| parameter/m)

  /** What Prism does with a Prefer value: code picks the response, example a name in it. */
  function resolvePrefer(operationId: string, prefer: string) {
    expect(Object.keys(operations), operationId).toContain(operationId)
    const id = operationId as OperationId
    const parts = Object.fromEntries(
      prefer.split(/,\s*/).map((p) => p.split('=') as [string, string]),
    )
    const { method, path } = operations[id]
    const responses = spec.paths[path]![method]!.responses
    const status = parts.code ?? Object.keys(responses).find((s) => s.startsWith('2'))!
    expect(Object.keys(responses), `${operationId} ${prefer}`).toContain(status)
    if (parts.example) {
      expect(Object.keys(examplesOf(id, status)), `${operationId} ${prefer}`).toContain(
        parts.example,
      )
    }
    return { status, example: parts.example }
  }

  it('has the scenarios the mock must offer', () => {
    expect(new Set(scenarioRows.map((r) => r[0]))).toEqual(
      new Set([
        'default',
        'new-player',
        'open-order',
        'paid-after-check',
        'active-promotion',
        'used-promotion',
        'withdraw-all',
        'blocked',
        'insufficient-credit',
        'rejected-withdraw',
        'open-withdraw',
        'unknown-status',
      ]),
    )
  })

  it('every scenario choice is a documented response and example', () => {
    for (const [, operationId, prefer] of scenarioRows.filter((r) => r[1] !== '*')) {
      resolvePrefer(operationId!, prefer!)
    }
  })

  it('every parameter rule picks an example that belongs to the parameter', () => {
    expect(ruleRows.length).toBeGreaterThan(20)
    for (const [operationId, parameter, value, prefer] of ruleRows) {
      const { status, example } = resolvePrefer(operationId!, prefer!)
      if (!example || !status.startsWith('2')) continue
      const body = exampleOf<Json>(operationId as OperationId, status, example)
      if (parameter === 'provider' && 'provider' in body) expect(body.provider).toBe(value)
      if (parameter === 'provider' && 'games' in body) {
        expect((body.games as { provider: string }[]).every((g) => g.provider === value)).toBe(true)
      }
      if (parameter === 'promotionId') expect(body.id).toBe(value)
      if (parameter === 'page') expect(body.page).toBe(Number(value))
    }
  })
})
