import { afterEach, describe, expect, expectTypeOf, it } from 'vitest'
import type { OperationId } from '~generated/api/operations'
import { getLocale, locales, setLocale, type Locale } from '~generated/paraglide/runtime'
import { ApiError, toApiError, type OperationErrorCodes } from '~/lib/api/error'
import {
  errorMessage,
  errorMessages,
  everyOperationCovered,
  type OperationMessages,
} from '~/domain/error-messages'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'
import { m } from '~generated/paraglide/messages'
import { formatDateTime, formatMoney } from '~/domain/format'
import { allOperations, exampleEntriesOf, exampleOf, spec } from '../contract/spec'

const contractCodes = spec.components.schemas.ErrorCode?.enum as string[]
const clientCodes = ['NETWORK_ERROR', 'TIMEOUT', 'UNEXPECTED_RESPONSE']
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
    // "order not paid, scan the QR" is no longer an error code: checkDeposit answers 200 with
    // status OPEN and the deposit screen shows this message (decision 005).
    inLocale('cn', () => {
      expect(m.deposit_check_not_paid()).toContain('二维码')
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

describe('messages that read values from details', () => {
  type Body = ConstructorParameters<typeof ApiError>[1]
  const fromExample = (
    operationId: 'createWithdraw' | 'cancelDeposit',
    status: string,
    name: string,
  ) => new ApiError(Number(status), exampleOf<Body>(operationId, status, name), '/x')

  it('OPEN_ORDER tells a withdraw order from a deposit order', () => {
    const withdraw = fromExample('createWithdraw', '409', 'OPEN_ORDER')
    const deposit = new ApiError(409, exampleOf<Body>('createDeposit', '409', 'OPEN_ORDER'), '/x')
    expect(withdraw.details?.orderKind).toBe('withdraw')
    expect(deposit.details?.orderKind).toBe('deposit')
    expect(errorMessage(withdraw)).toBe(m.errors_open_order_withdraw())
    expect(errorMessage(deposit)).toBe(m.errors_open_order())
  })

  it('WITHDRAW_CREDIT_BELOW_PROMOTION_CREDIT names the promotion credit', () => {
    const error = fromExample('createWithdraw', '422', 'WITHDRAW_CREDIT_BELOW_PROMOTION_CREDIT')
    const { min, currency } = error.details ?? {}
    expect(min && currency).toBeTruthy()
    expect(errorMessage(error)).toContain(formatMoney(min!, currency!))
  })

  it('ORDER_EXPIRED says when the QR expired', () => {
    const error = fromExample('cancelDeposit', '409', 'ORDER_EXPIRED')
    expect(errorMessage(error)).toContain(formatDateTime(error.details!.expiresAt!))
  })
})

describe('errorMessage', () => {
  it('gives the request id where the player may need staff, and only there', () => {
    const ref = (requestId: string) => m.errors_request_reference({ requestId })
    const failed = new ApiError(500, { code: 'INTERNAL_ERROR', requestId: 'req-500' }, '/x')
    expect(errorMessage(failed)).toBe(`${errorMessages.INTERNAL_ERROR()} ${ref('req-500')}`)
    const used = new ApiError(409, { code: 'ACCOUNT_IN_USED', requestId: 'req-409' }, '/x')
    expect(errorMessage(used)).toBe(`${errorMessages.ACCOUNT_IN_USED()} ${ref('req-409')}`)
    // A code this build does not know (a newer backend): staff can tell what it was.
    const unknown = new ApiError(
      409,
      { code: 'SOMETHING_NEW' as 'INTERNAL_ERROR', requestId: 'req-new' },
      '/x',
    )
    expect(errorMessage(unknown)).toBe(`${errorMessages.UNEXPECTED_RESPONSE()} ${ref('req-new')}`)
    // A refusal the player can act on reads as it is.
    const login = new ApiError(400, { code: 'LOGIN_FAILED', requestId: 'req-400' }, '/x')
    expect(errorMessage(login)).toBe(errorMessages.LOGIN_FAILED())
    // Without an id (a gateway page, offline) there is nothing to quote.
    expect(errorMessage(new ApiError(502, { code: 'INTERNAL_ERROR' }, '/x'))).toBe(
      errorMessages.INTERNAL_ERROR(),
    )
  })

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

describe('RATE_LIMITED (429 with Retry-After)', () => {
  type Body = ConstructorParameters<typeof ApiError>[1]
  const body = exampleOf<Body>('loginPlayer', '429', 'RATE_LIMITED')

  it('reads the wait from the Retry-After header and says it in every language', async () => {
    const response = new Response(JSON.stringify(body), {
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '30' },
    })
    const error = await toApiError(response, '/v2/players/login')
    expect(error.retryAfterSeconds).toBe(30)
    for (const locale of locales) {
      expect(inLocale(locale, () => errorMessage(error))).toBe(
        inLocale(locale, () => m.errors_rate_limited_wait({ seconds: 30 })),
      )
    }
  })

  it('says "a moment" when the header is missing or not delay-seconds', async () => {
    for (const header of [undefined, 'Wed, 21 Oct 2026 07:28:00 GMT', '0', '-5']) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' }
      if (header) headers['Retry-After'] = header
      const error = await toApiError(
        new Response(JSON.stringify(body), { status: 429, headers }),
        '/x',
      )
      expect(error.retryAfterSeconds, header).toBeUndefined()
      expect(errorMessage(error)).toBe(m.errors_rate_limited())
    }
  })
})

describe('per operation: every code an operation can answer has its message', () => {
  type Body = ConstructorParameters<typeof ApiError>[1]
  type Details = Record<string, string | undefined>
  const MONEY = ['min', 'max', 'amount', 'credit', 'threshold']

  it('is checked by type, operation by operation', () => {
    expectTypeOf(everyOperationCovered).toEqualTypeOf<true>()
    // The generated client knows which codes login can answer...
    expectTypeOf<OperationErrorCodes['loginPlayer']>().toEqualTypeOf<
      'LOGIN_FAILED' | 'VALIDATION_FAILED' | 'AGENCY_NOT_FOUND' | 'RATE_LIMITED' | 'INTERNAL_ERROR'
    >()
    // ...so a catalogue without one of them does not cover login.
    expectTypeOf<Omit<typeof errorMessages, 'LOGIN_FAILED'>>().not.toMatchTypeOf<
      OperationMessages<'loginPlayer'>
    >()
  })

  it('the codes the types name are the codes the contract lists', () => {
    const listed = Object.entries(spec.paths['/v2/players/login']!.post!.responses)
      .filter(([status]) => /^[45]/.test(status))
      .flatMap(([status]) => exampleEntriesOf('loginPlayer', status).map((e) => e.value))
      .map((value) => (value as Body).code)
    expect(new Set(listed)).toEqual(
      new Set([
        'LOGIN_FAILED',
        'VALIDATION_FAILED',
        'AGENCY_NOT_FOUND',
        'RATE_LIMITED',
        'INTERNAL_ERROR',
      ]),
    )
  })

  const cases = allOperations().flatMap(({ op }) =>
    Object.keys(op.responses)
      .filter((status) => /^[45]/.test(status))
      .flatMap((status) =>
        exampleEntriesOf(op.operationId as OperationId, status).map(
          ({ name, value }) => [op.operationId, status, name, value as Body] as const,
        ),
      ),
  )

  it.each(cases)(
    '%s %s %s: its own message, amounts and names formatted',
    (operationId, status, _name, body) => {
      const error = new ApiError(Number(status), body, `/${operationId}`)
      expect(
        (errorMessages as Record<string, unknown>)[body.code],
        `${operationId} has no message for ${body.code}`,
      ).toBeTypeOf('function')
      for (const locale of locales) {
        const text = inLocale(locale, () => errorMessage(error))
        expect(text.trim()).not.toBe('')
        expect(text).not.toBe(inLocale(locale, () => errorMessages.UNEXPECTED_RESPONSE()))
        const details = (body.details ?? {}) as Details
        for (const key of MONEY) {
          const value = details[key]
          if (value && details.currency)
            expect(text, `${body.code} details.${key}`).toContain(
              inLocale(locale, () => formatMoney(value, details.currency as 'THB')),
            )
        }
        if (details.provider)
          expect(text, `${body.code} details.provider`).toContain(
            PROVIDER_NAMES[details.provider as keyof typeof PROVIDER_NAMES],
          )
        if (details.expiresAt)
          expect(text).toContain(inLocale(locale, () => formatDateTime(details.expiresAt!)))
      }
    },
  )
})
