import { createFileRoute } from '@tanstack/react-router'
import { loadPageData } from '~/lib/query-state'
import { prefetchProviderCredits } from '~/lib/api/credits'
import { CurrentPromotionCard } from '~/features/promotions/current-promotion-card'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { bankAccountsQueryOptions, banksQueryOptions } from '~/lib/api/bank'
import { openDepositsQueryOptions } from '~/lib/api/deposit'
import { currentPromotionQueryOptions } from '~/lib/api/promotions'
import { currencyRatesQueryOptions } from '~/lib/api/rates'
import { DepositPage } from '~/features/deposit/deposit-page'

export const Route = createFileRoute('/player/deposit/')({
  // Every call starts here, beside players info (the player group's loader), in this order
  // on a first load too (the preload script starts them one a task, config/first-calls.ts).
  // First the account card's bank name, the page's largest text (its LCP element in
  // `npm run bench`): the bank names, drawn as they come, and the account; then the rest of
  // what the page waits for; the provider cards' credits last, a task later
  // (prefetchProviderCredits), as small figures drawn as they come.
  loader: ({ context: { queryClient }, cause }) => {
    void queryClient.prefetchQuery(banksQueryOptions())
    const body = loadPageData(queryClient, [
      bankAccountsQueryOptions(),
      openDepositsQueryOptions(),
      agencyInfoQueryOptions(),
      currencyRatesQueryOptions(),
      currentPromotionQueryOptions(),
    ])
    void prefetchProviderCredits(queryClient, { cause })
    return body
  },
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
