import type { QueryClient } from '@tanstack/react-query'
import type { components } from '~generated/api/schema'
import { prefetchProviderCredit, providerCreditQueryOptions } from '~/lib/api/credits'
import { malformedAnswer } from '~/lib/api/error'
import { PROVIDERS, type Provider } from '~/lib/game-catalogue'
import { isDecimal } from '~/lib/money'

type ProviderCredit = components['schemas']['ProviderCredit']
/** Why a route's loader runs (TanStack Router's loader `cause`). */
type LoaderCause = 'preload' | 'enter' | 'stay'
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
 * A page's loader starts its credit calls without waiting for them: the page renders without
 * them and shows each as it comes, and they no longer wait for the page's first render
 * (issue 19: on the deposit page they came a round trip after everything else). Same key as
 * `providerCreditOptions`, so the page's queries take these answers. Only when the page is
 * entered (the loader's `cause`): a preload (a link under the pointer) or a reload in place
 * (a language switch) asks nothing, since credit is asked again on entering anyway.
 */
export function prefetchProviderCredits(
  queryClient: QueryClient,
  { cause, providers = PROVIDERS }: { cause: LoaderCause; providers?: readonly Provider[] },
) {
  if (cause !== 'enter') return
  for (const provider of providers) {
    void prefetchProviderCredit(queryClient, provider)
  }
}
