import { createFileRoute } from '@tanstack/react-router'
import { CurrentPromotionCard } from '~/features/promotions/current-promotion-card'
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
  component: DepositRoute,
})

/** The promotion in force decides the deposit amount (spec section 5), so it sits beside. */
function DepositRoute() {
  return (
    <>
      <DepositPage />
      <div className="mx-auto w-full max-w-3xl px-6 pb-6">
        <CurrentPromotionCard />
      </div>
    </>
  )
}
