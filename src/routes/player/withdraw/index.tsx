import { createFileRoute } from '@tanstack/react-router'
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
  component: WithdrawPage,
})
