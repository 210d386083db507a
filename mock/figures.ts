// Figures that must still add up once an answer repeats the request's values (mock/agree.ts):
// a withdrawal or quote of another `credit`, a deposit of another `amount`. Recomputed with the
// contract's own rules (decision 005; the WithdrawQuote, Withdraw and Deposit descriptions),
// in exact decimal math (big.js, as the site's src/domain/money.ts with BigInt), from the example Prism served and the
// values sent. Recognised by the answer's shape, not by operation:
// - withdraw split (`credit`, `bonusDeducted`, `receiveCredit`, `returnCredit`, `rate`,
//   `payoutAmount`): bonusDeducted = the example's bonus (at most `credit`); of the rest,
//   receiveCredit is capped at `maxReceiveCredit` (or, where the answer has no such field, at the
//   example's receiveCredit when the example's cap bound, i.e. it returned credit);
//   returnCredit = the excess; payoutAmount = receiveCredit x rate, rounded down to the kip;
// - a quote's `availableCredit`: the provider credit the session is answered for that provider
//   (passed in); a credit above it is the contract's INSUFFICIENT_CREDIT, and with
//   `withdrawAll` a credit other than all of it is WITHDRAW_ALL_CREDIT_REQUIRED (the refusals
//   createWithdraw documents for the same rules);
// - deposit (`amount`, `rate`, `credit`, `promotionCredit`, `totalCredit`): credit = amount /
//   rate rounded down to the hundredth, totalCredit = credit + promotionCredit.
// An answer whose figures are the example's own (the request matches it) is left untouched.
import BigJs from 'big.js'
import { isObject } from './agree'
import { currencyDecimals, isDecimal, type Currency } from '../src/domain/money'

type Json = Record<string, unknown>
type Big = BigJs

// The mock stands for the server: its figures are computed on their own, with big.js (the site
// computes with BigInt, src/domain/money.ts), and tests/mock/agree.test.ts holds the two to the
// same answers. Division keeps 40 decimals and truncates there, so rounding a quotient down
// afterwards is exact.
const Big = BigJs()
Big.DP = 40
Big.RM = BigJs.roundDown

const toBig = (value: string): Big | undefined => (isDecimal(value) ? new Big(value) : undefined)

/** `value` rounded down to the decimals of `currency` (decision 005, `Money`). */
const roundDown = (value: Big, currency: Currency) =>
  value.toFixed(currencyDecimals(currency), BigJs.roundDown)

const big = (value: unknown): Big | undefined =>
  typeof value === 'string' ? toBig(value) : undefined

const has = (body: Json, names: string[]) => names.every((name) => typeof body[name] === 'string')

const WITHDRAW = [
  'credit',
  'bonusDeducted',
  'receiveCredit',
  'returnCredit',
  'rate',
  'payoutAmount',
]
const DEPOSIT = ['amount', 'rate', 'credit', 'promotionCredit', 'totalCredit']

export type Figured =
  | { body: unknown; refusal?: undefined }
  /**
   * The contract's documented refusal (an error example's name) for these figures, and the
   * figures its `details` carry (that code's error schema: the provider, its credit, the amount asked).
   */
  | { body?: undefined; refusal: string; details: Record<string, string> }

const currencyOf = (body: Json, field: string, fallback: string) =>
  (typeof body[field] === 'string' ? body[field] : fallback) as Currency

/**
 * `answer` (already repeating the request's values) with its dependent figures recomputed
 * against `example` (the body Prism served). `availableCredit`: the session's credit at the
 * answer's provider, when known.
 */
export function withFigures(
  answer: unknown,
  example: unknown,
  availableCredit?: (provider: string) => string | undefined,
): Figured {
  if (!isObject(answer) || !isObject(example)) return { body: answer }
  if (has(answer, WITHDRAW)) return withdrawFigures(answer, example, availableCredit)
  if (has(answer, DEPOSIT)) return { body: depositFigures(answer, example) }
  return { body: answer }
}

function withdrawFigures(
  answer: Json,
  example: Json,
  availableCredit?: (provider: string) => string | undefined,
): Figured {
  const credit = big(answer.credit)
  const rate = big(answer.rate)
  const exampleBonus = big(example.bonusDeducted)
  if (!credit || !rate || !exampleBonus) return { body: answer }
  const out: Json = { ...answer }
  const creditCurrency = currencyOf(answer, 'creditCurrency', 'THB')
  if ('availableCredit' in answer && typeof answer.provider === 'string') {
    const known =
      answer.provider === example.provider ? undefined : availableCredit?.(answer.provider)
    if (known !== undefined) out.availableCredit = known
    const available = big(out.availableCredit)
    const provider = answer.provider
    const shown = (value: Big) => roundDown(value, creditCurrency)
    if (available && credit.gt(available)) {
      const details = { provider, credit: shown(available), amount: shown(credit) }
      return { refusal: 'INSUFFICIENT_CREDIT', details }
    }
    if (answer.withdrawAll === true && available && !credit.eq(available)) {
      const details = { provider, amount: shown(available) }
      return { refusal: 'WITHDRAW_ALL_CREDIT_REQUIRED', details }
    }
  }
  if (answer.credit === example.credit) return { body: out }
  const bonus = exampleBonus.gt(credit) ? credit : exampleBonus
  const rest = credit.minus(bonus)
  let cap: Big | undefined
  if ('maxReceiveCredit' in answer) cap = big(answer.maxReceiveCredit)
  else if (big(example.returnCredit)?.gt(0)) cap = big(example.receiveCredit)
  const receive = cap && rest.gt(cap) ? cap : rest
  out.bonusDeducted = roundDown(bonus, creditCurrency)
  out.receiveCredit = roundDown(receive, creditCurrency)
  out.returnCredit = roundDown(rest.minus(receive), creditCurrency)
  out.payoutAmount = roundDown(receive.times(rate), currencyOf(answer, 'payoutCurrency', 'LAK'))
  return { body: out }
}

function depositFigures(answer: Json, example: Json): Json {
  if (answer.amount === example.amount) return answer
  const amount = big(answer.amount)
  const rate = big(answer.rate)
  const bonus = big(answer.promotionCredit)
  if (!amount || !rate || !bonus || rate.eq(0)) return answer
  const creditCurrency = currencyOf(answer, 'creditCurrency', 'THB')
  const credit = amount.div(rate)
  return {
    ...answer,
    credit: roundDown(credit, creditCurrency),
    totalCredit: roundDown(
      new BigJs(roundDown(credit, creditCurrency)).plus(bonus),
      creditCurrency,
    ),
  }
}
