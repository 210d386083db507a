// What the experiment's pages share to write as the site does, without loading the site's
// modules for it: money in Lao, a message's placeholders filled (the site compiles its
// messages with paraglide into a runtime of its own), and a field's first error (the site's
// `firstErrorText`, src/ui/form-fields.tsx, brings its fields and button).

/** A message with its `{name}` placeholders filled (the messages this uses have no variants). */
export const fill = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole))

/** A field's first error as text: a schema issue ({ message }) or a string. */
export function firstError(errors: readonly unknown[]) {
  const first = errors[0]
  if (typeof first === 'string') return first
  return typeof first === 'object' && first !== null && 'message' in first
    ? String(first.message)
    : undefined
}

const SYMBOLS: Record<string, string> = { LAK: '₭', THB: '฿', USD: 'US$' }

/**
 * An amount as Lao writes money (`₭50.000`, `฿1.180,00`), from its decimal string: CLDR lo,
 * as src/domain/format.ts's NUMBER_RULES.lo, which the experiment does not import (it brings the
 * site's locale runtime); tests/bench/deposit-calls.test.ts holds the two equal.
 */
export function money(amount: string, currency: string) {
  const [whole = '0', fraction] = amount.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${SYMBOLS[currency] ?? `${currency} `}${grouped}${fraction ? `,${fraction}` : ''}`
}
