import type { components } from '~generated/api/schema'
import { providerCreditQueryOptions } from '~/lib/api/credits'
import { malformedAnswer } from '~/lib/api/error'
import type { Provider } from '~/lib/game-catalogue'
import { isDecimal } from '~/lib/money'

type ProviderCredit = components['schemas']['ProviderCredit']
export type Credit = components['schemas']['Credit']

/**
 * The credit of a credit answer. The contract's defaults fill what is absent
 * (`{amount: "0.00", currency: THB}`); an amount that is not a decimal fails the load, since
 * showing a wrong balance is worse than showing none.
 */
export function readCredit(data: ProviderCredit): Credit {
  const credit: Partial<Credit> | undefined = (data as Partial<ProviderCredit> | undefined)?.credit
  const amount = credit?.amount ?? '0.00'
  const currency = credit?.currency ?? 'THB'
  if (typeof amount !== 'string' || !isDecimal(amount)) throw malformedAnswer('credit')
  return { amount, currency }
}

/** One provider's credit, read by `readCredit` (stale time 0: asked again on every visit). */
export const providerCreditOptions = (provider: Provider) => ({
  ...providerCreditQueryOptions(provider),
  select: readCredit,
})
