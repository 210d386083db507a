import { describe, expect, it } from 'vitest'
import { zLoginRequest } from '~generated/zod/zod.gen'
import { zodFormValidator } from '~/ui/form'
import { firstErrorText } from '~/ui/form-fields'

describe('zodFormValidator', () => {
  const validate = zodFormValidator(
    zLoginRequest,
    (issue) => `${issue.code}:${issue.path.join('.')}`,
  )

  it('passes a value the contract accepts', () => {
    expect(validate({ value: { username: 'keo_vongsa', password: 'correct-horse-8' } })).toBe(
      undefined,
    )
  })

  it('maps the first issue of each field to a lazily translated text', () => {
    const result = validate({ value: { username: 'AB', password: '' } })
    const fields = result?.fields ?? {}
    expect(Object.keys(fields).sort()).toEqual(['password', 'username'])
    expect(firstErrorText([fields.username])).toBe('too_small:username')
    expect(firstErrorText([fields.password])).toBe('too_small:password')
  })
})

describe('firstErrorText', () => {
  it.each([
    [[], undefined],
    [[undefined, 'plain'], 'plain'],
    [[() => 'thunk'], 'thunk'],
    [[[{ message: 'issue' }]], 'issue'],
    [[{ nope: 1 }, '', 'last'], 'last'],
  ])('%j -> %s', (errors, expected) => {
    expect(firstErrorText(errors)).toBe(expected)
  })
})
