import { describe, expect, it } from 'vitest'
import { FIRST_PAGE } from '~/lib/api/paging'
import { loginSearch, pageSearch } from '~/lib/search-params'

// The router hands validateSearch whatever the URL held (JSON-parsed when it parses): the
// parsers are called here with such raw values, hence the casts.
const raw = (value: unknown) => value as never

/** A dropped value is an explicit undefined: the router would bring a missing key back unchecked. */
const DROPPED_PAGE = { page: undefined }
const DROPPED_REDIRECT = { redirect: undefined }

describe('pageSearch', () => {
  it('keeps a whole page number from the first, as a number or as digits', () => {
    expect(pageSearch(raw({ page: 3 }))).toStrictEqual({ page: 3 })
    expect(pageSearch(raw({ page: '12' }))).toEqual({ page: 12 })
    expect(pageSearch(raw({ page: FIRST_PAGE }))).toEqual({ page: FIRST_PAGE })
  })

  it('drops anything else, which opens the first page', () => {
    for (const page of [0, -1, 1.5, '1.5', '', 'abc', '2e3', null, true, [2], { page: 2 }]) {
      expect(pageSearch(raw({ page }))).toStrictEqual(DROPPED_PAGE)
    }
    expect(pageSearch(raw({ page: Number.MAX_SAFE_INTEGER + 2 }))).toStrictEqual(DROPPED_PAGE)
    expect(pageSearch(raw({}))).toStrictEqual(DROPPED_PAGE)
  })
})

describe('loginSearch', () => {
  it('keeps a same-origin path as the destination after login', () => {
    expect(loginSearch(raw({ redirect: '/player/deposit?x=1' }))).toEqual({
      redirect: '/player/deposit?x=1',
    })
  })

  it('drops another origin, a protocol-relative URL and anything not a string', () => {
    for (const redirect of ['https://evil.example/', '//evil.example/', '/\\evil', 42, null]) {
      expect(loginSearch(raw({ redirect }))).toStrictEqual(DROPPED_REDIRECT)
    }
    expect(loginSearch(raw({}))).toStrictEqual(DROPPED_REDIRECT)
  })
})
