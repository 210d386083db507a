// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { glossary, LOCALES, pattern, readMessages, type MessageLocale } from './message-files'

// The rules of messages/glossary/README.md ("Punctuation"), one check each.
const messages = Object.fromEntries(LOCALES.map((l) => [l, readMessages(l)])) as Record<
  MessageLocale,
  Record<string, string>
>
const keys = Object.keys(messages.lo)
const sentencePatterns = glossary.punctuation.sentences.map(pattern)
const isSentence = (key: string) => sentencePatterns.some((re) => re.test(key))

/** How a sentence ends, and what a sentence break inside a message looks like. */
const END: Record<Exclude<MessageLocale, 'th'>, { end: RegExp; breakInside: RegExp }> = {
  lo: { end: /[.!?]$/u, breakInside: /[.!?]\s+\S/u },
  cn: { end: /[。！？]$/u, breakInside: /[。！？](?=.)/u },
  vn: { end: /[.!?]$/u, breakInside: /[.!?]\s+\S/u },
}
/** A full stop at the end (a question or an exclamation is not a full stop). */
const FULL_STOP = { lo: /\.$/u, cn: /。$/u, vn: /\.$/u }

const failing = (predicate: (locale: MessageLocale, key: string, text: string) => boolean) =>
  LOCALES.flatMap((locale) =>
    keys
      .filter((key) => predicate(locale, key, messages[locale][key] ?? ''))
      .map((key) => `${locale}.${key}: ${messages[locale][key]}`),
  )

describe('punctuation of the messages', () => {
  it('knows every sentence pattern matches some key (a stale pattern fails)', () => {
    const stale = sentencePatterns.filter((re) => !keys.some((k) => re.test(k)))
    expect(stale).toEqual([])
  })

  it('ends every sentence with its full stop in Lao, Chinese and Vietnamese', () => {
    expect(
      failing((l, key, text) => l !== 'th' && isSentence(key) && !END[l].end.test(text)),
    ).toEqual([])
  })

  it('ends no label, title, button, hint or field error with a full stop', () => {
    expect(
      failing((l, key, text) => l !== 'th' && !isSentence(key) && FULL_STOP[l].test(text)),
    ).toEqual([])
  })

  it('keeps two sentences out of a message that is not a sentence', () => {
    expect(
      failing((l, key, text) => l !== 'th' && !isSentence(key) && END[l].breakInside.test(text)),
    ).toEqual([])
  })

  it('writes Thai without full stops: a space ends a sentence', () => {
    expect(failing((l, _key, text) => l === 'th' && /\.(\s|$)/u.test(text))).toEqual([])
  })

  it('writes Chinese with full-width punctuation and brackets only', () => {
    expect(failing((l, _key, text) => l === 'cn' && /[(),;!?]|:(?!\/\/)/u.test(text))).toEqual([])
  })

  it('uses no full-width brackets or Chinese stops outside Chinese', () => {
    expect(failing((l, _key, text) => l !== 'cn' && /[（）。，：]/u.test(text))).toEqual([])
  })

  it('quotes with curly quotes, opened and closed, in every language', () => {
    const unbalanced = (text: string) =>
      (text.match(/“/gu) ?? []).length !== (text.match(/”/gu) ?? []).length
    expect(failing((_l, _key, text) => /["'‘’]/u.test(text) || unbalanced(text))).toEqual([])
  })

  it('writes an ellipsis as one character', () => {
    expect(failing((_l, _key, text) => text.includes('...'))).toEqual([])
  })

  it('uses a Lao colon only to end a lead-in: once, before any comma or full stop', () => {
    expect(
      failing((l, _key, text) => {
        if (l !== 'lo' || !text.includes(':')) return false
        const lead = text.slice(0, text.indexOf(':'))
        return text.split(':').length > 2 || /[,.]/u.test(lead)
      }),
    ).toEqual([])
  })
})
