import { describe, expect, it } from 'vitest'
import type { components } from '~generated/api/schema'
import { readCredit } from '~/domain/provider-credits'
import { exampleOf } from '../contract/spec'

type ProviderCredit = components['schemas']['ProviderCredit']

describe('readCredit', () => {
  it("fills the contract's credit defaults and refuses an amount that is not a decimal", () => {
    expect(readCredit({ provider: 'gclub' } as ProviderCredit)).toEqual({
      amount: '0.00',
      currency: 'THB',
    })
    const gclub = exampleOf<ProviderCredit>('getProviderCredit', '200', 'gclub')
    expect(readCredit(gclub)).toEqual(gclub.credit)
    expect(() =>
      readCredit({ provider: 'gclub', credit: { amount: '1e3', currency: 'THB' } }),
    ).toThrow()
  })
})
