import { getLocale, type Locale } from '~/lib/locale'
import { NUMBER_RULES, formatFixed } from './format'
import { currencyDecimals, type Currency, type DecimalString } from './money'

/**
 * What a player typed into an amount or credit field, read by the rules of their language
 * (decision 016): lo and vn group with `.` and mark decimals with `,`; cn and th the other way.
 */
export type AmountInput =
  | { ok: true; value: DecimalString }
  | {
      ok: false
      /**
       * - `empty`: nothing typed;
       * - `negative`: a minus sign (no field takes a negative amount);
       * - `not_number`: letters, signs, no digit;
       * - `ambiguous`: marks that do not fit the language (`1.180,50` in th, `500,000` for LAK
       *   in lo): the message shows `example`, the accepted form;
       * - `decimals`: more decimals than the currency has (`decimals`; 0 for LAK).
       */
      problem: 'empty' | 'negative' | 'not_number' | 'ambiguous' | 'decimals'
      decimals: number
      /** The accepted form in this language and currency, e.g. `1.234.567,50`. */
      example: string
    }

// Lao ໐-໙ (U+0ED0) and Thai ๐-๙ (U+0E50) digits; full-width ０-９ become ASCII by NFKC.
const LOCAL_DIGIT = /[\u0ED0-\u0ED9\u0E50-\u0E59]/g
const localDigit = (digit: string) => String((digit.codePointAt(0) ?? 0) & 0xf)
// Any space a keyboard or a paste brings (NBSP, thin and narrow spaces, ideographic space).
const SPACES = /\s/g
const escape = (mark: string) => mark.replace(/[.]/g, '\\.')

/**
 * The typed text as ASCII digits and marks only: full-width forms folded (NFKC), the
 * ideographic full stop as a dot, Lao and Thai digits as 0-9, spaces removed.
 */
function plain(typed: string): string {
  return typed
    .normalize('NFKC')
    .replace(/\u3002/g, '.')
    .replace(LOCAL_DIGIT, localDigit)
    .replace(SPACES, '')
}

/** The integer and fraction the text means in the language, or undefined when unclear. */
function read(text: string, locale: Locale, decimals: number) {
  const { group, decimal } = NUMBER_RULES[locale]
  const g = escape(group)
  const d = escape(decimal)
  // The language's own form: groups of three (or none), then its decimal mark.
  const own = new RegExp(`^(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}(\\d+))?$`).exec(text)
  if (own) {
    const fraction = own[2] ?? ''
    // `1.500` in th, `1,500` in lo: three digits after the decimal mark where the currency
    // has fewer read as a thousands group in the other half of the world. Asked, not guessed.
    if (fraction.length === 3 && decimals < 3) return undefined
    return { integer: (own[1] ?? '').split(group).join(''), fraction }
  }
  // One mark followed by one or two digits cannot be a thousands group in any language:
  // `150.50` typed in lo is 150 and a half (shown back as `150,50` before it is sent).
  const single = /^(\d+)[.,](\d{1,2})$/.exec(text)
  if (single) return { integer: single[1] ?? '', fraction: single[2] ?? '' }
  return undefined
}

type Refusal = Exclude<AmountInput, { ok: true }>['problem']

/** The typed amount read, with how many decimals the player typed (to show them back). */
function readAmount(typed: string, currency: Currency, locale: Locale) {
  const decimals = currencyDecimals(currency)
  const refuse = (problem: Refusal) => {
    const example = formatFixed(decimals ? '1234567.5' : '1234567', decimals, locale)
    return { input: { ok: false, problem, decimals, example } as AmountInput, typedDecimals: 0 }
  }
  const text = plain(typed)
  if (text === '') return refuse('empty')
  if (/^[-\u2212]/.test(text)) return refuse('negative')
  if (!/^[0-9.,]+$/.test(text) || !/[0-9]/.test(text)) return refuse('not_number')
  const parts = read(text, locale, decimals)
  if (!parts) return refuse('ambiguous')
  if (parts.fraction.length > decimals) return refuse('decimals')
  const integer = parts.integer.replace(/^0+(?=\d)/, '')
  const fraction = parts.fraction.padEnd(decimals, '0')
  const value = decimals ? `${integer}.${fraction}` : integer
  return { input: { ok: true, value } as AmountInput, typedDecimals: parts.fraction.length }
}

/**
 * Reads an amount typed in the player's language into the contract's decimal string with the
 * currency's decimals (`"500.000"` in lo for LAK -> `"500000"`; `"1,180.5"` in th for THB ->
 * `"1180.50"`). Never rounds, never guesses between a thousands group and decimals.
 */
export function parseAmount(
  typed: string,
  currency: Currency,
  locale: Locale = getLocale(),
): AmountInput {
  return readAmount(typed, currency, locale).input
}

/**
 * What the field shows back once the player leaves it: the amount as read, in the language's
 * own marks with its groups (`500000` -> `500.000` in lo), with the decimals typed. Text that
 * does not read as an amount is left as typed, for its message to explain.
 */
export function amountShownBack(
  typed: string,
  currency: Currency,
  locale: Locale = getLocale(),
): string {
  const { input, typedDecimals } = readAmount(typed, currency, locale)
  return input.ok ? formatFixed(input.value, typedDecimals, locale) : typed
}
