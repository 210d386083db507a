import { createFileRoute } from '@tanstack/react-router'
import { CurrentPromotionCard } from '~/features/promotions/current-promotion-card'
import { DepositPage } from '~/features/wallet/wallet-pages'
import { bankAccountsQueryOptions } from '~/lib/api/bank'
import { openDepositsQueryOptions } from '~/lib/api/deposit'
import { currentPromotionQueryOptions } from '~/lib/api/promotions'

export const Route = createFileRoute('/player/deposit/')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(openDepositsQueryOptions()),
      queryClient.ensureQueryData(bankAccountsQueryOptions()),
      // The card has its own error state with a retry: a failure must not take the form down.
      queryClient.prefetchQuery(currentPromotionQueryOptions()),
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
