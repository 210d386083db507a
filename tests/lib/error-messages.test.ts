import { afterEach, describe, expect, it } from 'vitest'
import { getLocale, locales, setLocale, type Locale } from '~generated/paraglide/runtime'
import { ApiError } from '~/lib/api/error'
import { errorMessage, errorMessages } from '~/lib/error-messages'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'
import { spec } from '../contract/spec'

const contractCodes = spec.components.schemas.ErrorCode?.enum as string[]
const clientCodes = ['NETWORK_ERROR', 'UNEXPECTED_RESPONSE']
const initialLocale = getLocale()

function inLocale<T>(locale: Locale, fn: () => T): T {
  setLocale(locale, { reload: false })
  return fn()
}

afterEach(() => setLocale(initialLocale, { reload: false }))

type Catalogue = Record<string, (details?: object) => string>
const catalogue = errorMessages as Catalogue

describe('error catalogue', () => {
  it('reads the ErrorCode enum from the bundled contract', () => {
    expect(contractCodes.length).toBeGreaterThan(30)
  })

  it('has exactly the contract codes plus the client-side ones', () => {
    expect(Object.keys(errorMessages).sort()).toEqual([...contractCodes, ...clientCodes].sort())
  })

  it.each(contractCodes)('%s has a non-empty message in every locale, translated', (code) => {
    const texts = locales.map((locale) =>
      inLocale(locale, () => catalogue[code]?.({ provider: 'gclub' }) ?? ''),
    )
    for (const text of texts) expect(text.trim()).not.toBe('')
    // lo, cn, vn, th are four different texts: no locale shows another's wording.
    expect(new Set(texts).size).toBe(locales.length)
  })

  it('uses the spec wording where it gives one', () => {
    inLocale('vn', () => {
      expect(errorMessages.LOGIN_FAILED()).toBe('Tên đăng nhập hoặc mật khẩu không đúng.')
    })
    inLocale('cn', () => {
      expect(errorMessages.ORDER_NOT_PAID()).toContain('二维码')
    })
  })

  it('names the provider of PROMOTION_USED_BY_PROVIDER', () => {
    const error = new ApiError(
      409,
      { code: 'PROMOTION_USED_BY_PROVIDER', message: 'used', details: { provider: 'gclub' } },
      '/v2/promotions/use',
    )
    expect(errorMessage(error)).toContain(PROVIDER_NAMES.gclub)
  })
})

describe('errorMessage', () => {
  it('translates an ApiError by its code, not its English message', () => {
    const error = new ApiError(400, { code: 'LOGIN_FAILED', message: 'nope' }, '/v2/players/login')
    expect(errorMessage(error)).toBe(errorMessages.LOGIN_FAILED())
    expect(errorMessage(error)).not.toContain('nope')
  })

  it('reads network failures as such', () => {
    const error = new ApiError(0, { code: 'NETWORK_ERROR', message: 'x' }, '/v2/players/info')
    expect(errorMessage(error)).toBe(errorMessages.NETWORK_ERROR())
  })

  it.each([
    ['a plain Error', new Error('boom')],
    ['a string', 'boom'],
    ['undefined', undefined],
    ['a code this build does not know', new ApiError(418, { code: 'TEAPOT' as never }, '/x')],
  ])('gives the generic message for %s', (_name, thrown) => {
    expect(errorMessage(thrown)).toBe(errorMessages.UNEXPECTED_RESPONSE())
  })
})
