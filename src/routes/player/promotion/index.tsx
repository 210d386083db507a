import { createFileRoute } from '@tanstack/react-router'
import { PromotionListPage } from '~/features/promotions/promotion-list-page'
import { bankAccountsQueryOptions } from '~/lib/api/bank'
import { openDepositsQueryOptions } from '~/lib/api/deposit'
import {
  currentPromotionQueryOptions,
  promotionBlockingQueryOptions,
  promotionsQueryOptions,
} from '~/lib/api/promotions'

// prefetchQuery, not ensureQueryData: a failed read becomes the page's own error state with
// a retry (in the part that needs it) instead of the router's error panel for the whole page.
export const Route = createFileRoute('/player/promotion/')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.prefetchQuery(promotionsQueryOptions()),
      queryClient.prefetchQuery(currentPromotionQueryOptions()),
      queryClient.prefetchQuery(promotionBlockingQueryOptions()),
      queryClient.prefetchQuery(bankAccountsQueryOptions()),
      queryClient.prefetchQuery(openDepositsQueryOptions()),
    ]),
  component: PromotionListPage,
})
