import { createFileRoute } from '@tanstack/react-router'
import { prefetchProviderCredits } from '~/lib/api/credits'
import { CurrentPromotionCard } from '~/features/promotions/current-promotion-card'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { bankAccountsQueryOptions, banksQueryOptions } from '~/lib/api/bank'
import { currentPromotionQueryOptions } from '~/lib/api/promotions'
import { openWithdrawsQueryOptions } from '~/lib/api/withdraw'
import { WithdrawPage } from '~/features/withdraw/withdraw-page'

// Prefetched, not ensured: a failed call shows the page's own error state with a retry
// instead of the router's error panel.
export const Route = createFileRoute('/player/withdraw/')({
  // The provider cards' credits start here too, after the calls the page waits for and beside
  // them (issue 19), not awaited: the page draws each as it comes.
  loader: ({ context: { queryClient }, cause }) => {
    const page = Promise.all([
      queryClient.prefetchQuery(agencyInfoQueryOptions()),
      queryClient.prefetchQuery(openWithdrawsQueryOptions()),
      queryClient.prefetchQuery(bankAccountsQueryOptions()),
      queryClient.prefetchQuery(banksQueryOptions()),
      queryClient.prefetchQuery(currentPromotionQueryOptions()),
    ])
    void prefetchProviderCredits(queryClient, { cause })
    return page
  },
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
