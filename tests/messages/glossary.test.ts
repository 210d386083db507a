// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  glossary,
  LOCALES,
  pattern,
  readMessages,
  type Concept,
  type MessageLocale,
} from './message-files'

const messages = Object.fromEntries(LOCALES.map((l) => [l, readMessages(l)])) as Record<
  MessageLocale,
  Record<string, string>
>

/** Every use of a forbidden variant in one language's messages, named by key and entry. */
function violations(locale: MessageLocale, texts: Record<string, string>, concepts: Concept[]) {
  const found: string[] = []
  for (const concept of concepts) {
    for (const source of concept.forbidden[locale]) {
      const re = pattern(source)
      for (const [key, text] of Object.entries(texts)) {
        // A placeholder's name (`{bonus}`) is code, not a word the player reads.
        const match = re.exec(text.replace(/\{\w+\}/g, '{}'))
        if (match)
          found.push(
            `messages/${locale}.json "${key}" says "${match[0]}": glossary entry "${concept.id}" says ${JSON.stringify(concept.terms[locale])}`,
          )
      }
    }
  }
  return found
}

describe('messages/glossary/glossary.json', () => {
  it('names every concept once, with a term or an explicit none, variants and a note per language', () => {
    const ids = glossary.concepts.map((c) => c.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const concept of glossary.concepts) {
      expect(concept.note.length, concept.id).toBeGreaterThan(0)
      for (const locale of LOCALES) {
        expect(concept.terms, concept.id).toHaveProperty(locale)
        expect(Array.isArray(concept.forbidden[locale]), `${concept.id}.${locale}`).toBe(true)
        for (const source of concept.forbidden[locale]) expect(() => pattern(source)).not.toThrow()
      }
    }
  })

  it('never forbids a term the glossary chose', () => {
    const clashes: string[] = []
    for (const locale of LOCALES) {
      const terms = Object.fromEntries(
        glossary.concepts.flatMap((c) => (c.terms[locale] ? [[c.id, c.terms[locale]]] : [])),
      )
      clashes.push(...violations(locale, terms, glossary.concepts))
    }
    expect(clashes).toEqual([])
  })

  it('finds a forbidden variant and names the key and the entry', () => {
    const sample = { errors_insufficient_credit: '信用额度不足。', withdraw_submit: '提款' }
    expect(violations('cn', sample, glossary.concepts)).toEqual([
      'messages/cn.json "errors_insufficient_credit" says "信用": glossary entry "credit" says "余额"',
      'messages/cn.json "errors_insufficient_credit" says "额度": glossary entry "credit" says "余额"',
    ])
    expect(violations('vn', { deposit_cancel: 'Hủy lệnh' }, glossary.concepts)).toHaveLength(1)
    expect(violations('lo', { x: 'ເຮົາກວດສອບແລ້ວ' }, glossary.concepts)).toHaveLength(1)
    expect(violations('lo', { x: 'ພວກເຮົາກວດສອບແລ້ວ' }, glossary.concepts)).toEqual([])
  })

  it.each(LOCALES)('%s: no message uses a variant the glossary forbids', (locale) => {
    expect(violations(locale, messages[locale], glossary.concepts)).toEqual([])
  })

  it.each(LOCALES)('%s: every term the glossary chose is one the messages use', (locale) => {
    const texts = Object.values(messages[locale]).join('\n').toLowerCase()
    // The baht is named by code only, from the data: no message writes it today.
    const unused = glossary.concepts
      .filter((c) => c.id !== 'baht' && c.terms[locale] !== null)
      .filter((c) => !texts.includes(String(c.terms[locale]).toLowerCase()))
      .map((c) => `${c.id}: ${c.terms[locale]}`)
    expect(unused).toEqual([])
  })
})
