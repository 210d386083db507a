import { createFileRoute } from '@tanstack/react-router'
import { loadPageData } from '~/lib/query-state'
import { prefetchProviderCredits } from '~/lib/api/credits'
import { CurrentPromotionCard } from '~/features/promotions/current-promotion-card'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { bankAccountsQueryOptions, banksQueryOptions } from '~/lib/api/bank'
import { currentPromotionQueryOptions } from '~/lib/api/promotions'
import { currencyRatesQueryOptions } from '~/lib/api/rates'
import { openWithdrawsQueryOptions } from '~/lib/api/withdraw'
import { WithdrawPage } from '~/features/withdraw/withdraw-page'

export const Route = createFileRoute('/player/withdraw/')({
  // The provider cards' credits start here too, after the calls the page waits for and beside
  // them, not awaited: the page draws each as it comes.
  loader: ({ context: { queryClient }, cause }) => {
    const page = loadPageData(queryClient, [
      agencyInfoQueryOptions(),
      openWithdrawsQueryOptions(),
      bankAccountsQueryOptions(),
      banksQueryOptions(),
      currentPromotionQueryOptions(),
    ])
    // The rates turn a credit into kip in the form: asked here, not once the form mounts.
    void queryClient.prefetchQuery(currencyRatesQueryOptions())
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
