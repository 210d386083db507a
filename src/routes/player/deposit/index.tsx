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
  // Every call starts here, beside players info (the player group's loader): the page waits
  // for what decides its body, asked first (a browser opens six connections to a host over
  // HTTP/1.1); the bank names and the provider cards' credits it draws as they come
  // (not once the form has mounted; the credits a task later, prefetchProviderCredits).
  loader: ({ context: { queryClient }, cause }) => {
    const body = loadPageData(queryClient, [
      openDepositsQueryOptions(),
      bankAccountsQueryOptions(),
      agencyInfoQueryOptions(),
      currencyRatesQueryOptions(),
      currentPromotionQueryOptions(),
    ])
    // The bank names before the credits: the account card's bank name is the page's largest
    // text (its LCP element in `npm run bench`), the credits are small figures below.
    void queryClient.prefetchQuery(banksQueryOptions())
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
