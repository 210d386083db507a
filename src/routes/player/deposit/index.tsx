import { createFileRoute } from '@tanstack/react-router'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { bankAccountsQueryOptions } from '~/lib/api/bank'
import { openDepositsQueryOptions } from '~/lib/api/deposit'
import { currentPromotionQueryOptions } from '~/lib/api/promotions'
import { currencyRatesQueryOptions } from '~/lib/api/rates'
import { DepositPage } from '~/features/deposit/deposit-page'

export const Route = createFileRoute('/player/deposit/')({
  // Warm the cache without failing the route: the page shows its own error with a retry.
  loader: ({ context: { queryClient } }) =>
    Promise.allSettled([
      queryClient.ensureQueryData(openDepositsQueryOptions()),
      queryClient.ensureQueryData(bankAccountsQueryOptions()),
      queryClient.ensureQueryData(agencyInfoQueryOptions()),
      queryClient.ensureQueryData(currencyRatesQueryOptions()),
      queryClient.ensureQueryData(currentPromotionQueryOptions()),
    ]),
  component: DepositPage,
})
