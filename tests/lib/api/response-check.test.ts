import { describe, expect, it } from 'vitest'
import { operations } from '~generated/api/operations'
import { responseProblem } from '~/lib/api/response-check'
import { shouldRetry } from '~/lib/query-client'
import { ApiError } from '~/lib/api/error'
import { example } from '../../helpers/api'

const { method, path } = operations.listDeposits
const check = (body: unknown) => responseProblem(method.toUpperCase(), path, body)
const page = example('listDeposits', 200)

describe('responseProblem', () => {
  it('lets the examples of the contract through', () => {
    expect(check(page)).toBeUndefined()
  })

  it.each([
    ['no body', undefined],
    ['null', null],
    ['a required field missing', { ...page, items: undefined }],
    ['a wrong type', { ...page, items: 'none' }],
    [
      'a required enum field missing',
      { ...page, items: [{ ...page.items[0]!, status: undefined }] },
    ],
  ])('names what is wrong: %s', (_, body) => {
    expect(check(body)).toEqual(expect.any(String))
  })

  it('tolerates an extra field and an enum value this build does not know', () => {
    const [first, ...rest] = page.items
    const newer = { ...page, items: [{ ...first!, status: 'ON_HOLD', extra: 1 }, ...rest], x: 1 }
    expect(check(newer)).toBeUndefined()
  })

  it('has nothing to say about a call the contract does not have', () => {
    expect(responseProblem('GET', '/v2/unknown', null)).toBeUndefined()
  })
})

describe('shouldRetry', () => {
  it('retries a network failure and a 5xx, never a timeout or an unexpected answer', () => {
    const error = (status: number, code: ApiError['code']) => new ApiError(status, { code }, path)
    expect(shouldRetry(0, error(0, 'NETWORK_ERROR'))).toBe(true)
    expect(shouldRetry(0, error(500, 'INTERNAL_ERROR'))).toBe(true)
    expect(shouldRetry(0, error(0, 'TIMEOUT'))).toBe(false)
    expect(shouldRetry(0, error(200, 'UNEXPECTED_RESPONSE'))).toBe(false)
  })
})
