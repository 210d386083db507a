import { useQueries } from '@tanstack/react-query'
import { PROVIDERS, type Provider } from '~/lib/game-catalogue'
import { providerCreditOptions, type Credit } from './provider-credits'

// Its own module: a page that shows one provider's credit (the game pages, in the first load)
// does not carry useQueries.
export type ProviderCredits = {
  /** Every provider in the spec's order, with its credit query. */
  all: { provider: Provider; credit: Credit | undefined; isError: boolean }[]
  /** The credit of one provider once it is known. */
  of: (provider: Provider | null | undefined) => Credit | undefined
}

/** The credit of every provider at once (the provider cards of deposit and withdraw). */
export function useProviderCredits(): ProviderCredits {
  const queries = useQueries({ queries: PROVIDERS.map(providerCreditOptions) })
  const all = PROVIDERS.map((provider, index) => ({
    provider,
    credit: queries[index]?.data,
    isError: queries[index]?.isError ?? false,
  }))
  return {
    all,
    of: (provider) => all.find((entry) => entry.provider === provider)?.credit,
  }
}
