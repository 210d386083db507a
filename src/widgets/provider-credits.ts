import { useQuery } from '@tanstack/react-query'
import type { components } from '~generated/api/schema'
import { providerCreditQueryOptions } from '~/lib/api/credits'
import { malformedAnswer } from '~/lib/api/error'
import type { Provider } from '~/lib/game-catalogue'
import { isDecimal } from '~/domain/money'

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

/**
 * One provider's credit once it is known, none while `provider` is not chosen. For a part of a
 * form that needs one credit: the form above it does not redraw as the others arrive.
 */
export function useProviderCredit(provider: Provider | null | undefined): Credit | undefined {
  // With no provider, some provider's key (useQuery needs one) that is never fetched here and
  // whose data is never read, so its answers redraw nothing (TanStack Query re-renders on the
  // properties read).
  const query = useQuery({
    ...providerCreditOptions(provider ?? 'alphabet'),
    enabled: provider != null,
  })
  return provider == null ? undefined : query.data
}
