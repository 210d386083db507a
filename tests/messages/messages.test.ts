// @vitest-environment node
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as messages from '~generated/paraglide/messages'
import { locales } from '~generated/paraglide/runtime'

const LOCALES = ['lo', 'cn', 'vn', 'th'] as const
const source = Object.fromEntries(
  LOCALES.map((l) => [
    l,
    JSON.parse(readFileSync(`messages/${l}.json`, 'utf8')) as Record<string, string>,
  ]),
)
const keys = Object.keys(source.lo ?? {}).filter((k) => k !== '$schema')

describe('compiled messages', () => {
  it('compiles the four locales with lo first', () => {
    expect(locales).toEqual(LOCALES)
  })

  it('compiled every message (a wrong plugin path compiles zero and exits 0)', () => {
    const compiled = Object.keys(messages.m)
    expect(keys.length).toBeGreaterThan(10)
    expect(compiled).toEqual(expect.arrayContaining(keys))
  })

  it.each(LOCALES)('has every key, non-empty, in %s', (locale) => {
    for (const key of keys) {
      expect(source[locale]?.[key], `${locale}.${key}`).toBeTruthy()
      const fn = (messages.m as unknown as Record<string, (i: object, o: object) => string>)[key]
      expect(
        fn?.({ name: 'x', value: 8, provider: 'x', count: 1 }, { locale }).trim(),
        key,
      ).not.toBe('')
    }
  })

  it.each(['cn', 'vn', 'th'] as const)('%s is translated, not a copy of Lao', (locale) => {
    const copies = keys.filter((k) => source[locale]?.[k] === source.lo?.[k])
    expect(copies).toEqual([])
  })
})
