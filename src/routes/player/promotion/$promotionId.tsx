import { createFileRoute } from '@tanstack/react-router'
import { PromotionDetailPage } from '~/features/promotions/promotion-detail-page'
import { bankAccountsQueryOptions } from '~/lib/api/bank'
import { openDepositsQueryOptions } from '~/lib/api/deposit'
import {
  currentPromotionQueryOptions,
  promotionBlockingQueryOptions,
  promotionsQueryOptions,
} from '~/lib/api/promotions'

// Spec section 2: the list is prefetched and the matching promotion selected from it (the
// page does that). prefetchQuery waits for the answer like ensureQueryData but leaves a
// failure to the page's error state with a retry, rather than the router's error panel.
export const Route = createFileRoute('/player/promotion/$promotionId')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.prefetchQuery(promotionsQueryOptions()),
      queryClient.prefetchQuery(currentPromotionQueryOptions()),
      queryClient.prefetchQuery(promotionBlockingQueryOptions()),
      queryClient.prefetchQuery(bankAccountsQueryOptions()),
      queryClient.prefetchQuery(openDepositsQueryOptions()),
    ]),
  component: PromotionDetailRoute,
})

function PromotionDetailRoute() {
  const { promotionId } = Route.useParams()
  return <PromotionDetailPage promotionId={promotionId} />
}
