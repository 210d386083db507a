import { createFileRoute } from '@tanstack/react-router'
import { PromotionDetailPage } from '~/features/promotions/promotion-pages'
import { promotionsQueryOptions } from '~/lib/api/promotions'

// Spec section 2: the list is prefetched and the matching promotion selected from it.
export const Route = createFileRoute('/player/promotion/$promotionId')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(promotionsQueryOptions()),
  component: PromotionDetailRoute,
})

function PromotionDetailRoute() {
  const { promotionId } = Route.useParams()
  return <PromotionDetailPage promotionId={promotionId} />
}
