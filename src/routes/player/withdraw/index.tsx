import { createFileRoute } from '@tanstack/react-router'
import { CurrentPromotionCard } from '~/features/promotions/current-promotion-card'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { bankAccountsQueryOptions, banksQueryOptions } from '~/lib/api/bank'
import { currentPromotionQueryOptions } from '~/lib/api/promotions'
import { openWithdrawsQueryOptions } from '~/lib/api/withdraw'
import { WithdrawPage } from '~/features/withdraw/withdraw-page'

// Prefetched, not ensured: a failed call shows the page's own error state with a retry
// instead of the router's error panel.
export const Route = createFileRoute('/player/withdraw/')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.prefetchQuery(agencyInfoQueryOptions()),
      queryClient.prefetchQuery(openWithdrawsQueryOptions()),
      queryClient.prefetchQuery(bankAccountsQueryOptions()),
      queryClient.prefetchQuery(banksQueryOptions()),
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
