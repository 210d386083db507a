import { createFileRoute } from '@tanstack/react-router'
import { CurrentPromotionCard } from '~/features/promotions/current-promotion-card'
import { WithdrawPage } from '~/features/wallet/wallet-pages'
import { bankAccountsQueryOptions } from '~/lib/api/bank'
import { playerCreditQueryOptions } from '~/lib/api/credits'
import { currentPromotionQueryOptions } from '~/lib/api/promotions'
import { openWithdrawsQueryOptions } from '~/lib/api/withdraw'

export const Route = createFileRoute('/player/withdraw/')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(openWithdrawsQueryOptions()),
      queryClient.ensureQueryData(bankAccountsQueryOptions()),
      queryClient.ensureQueryData(playerCreditQueryOptions()),
      // The card has its own error state with a retry: a failure must not take the form down.
      queryClient.prefetchQuery(currentPromotionQueryOptions()),
    ]),
  component: WithdrawRoute,
})

/** The promotion in force sets the withdraw rules (spec section 5), so it sits beside. */
function WithdrawRoute() {
  return (
    <>
      <WithdrawPage />
      <div className="mx-auto w-full max-w-3xl px-6 pb-6">
        <CurrentPromotionCard />
      </div>
    </>
  )
}
