import { createFileRoute } from '@tanstack/react-router'
import { loadPageData } from '~/lib/query-state'
import { PromotionDetailPage } from '~/features/promotions/promotion-detail-page'
import { promotionPageQueries } from '~/lib/api/promotions'

// Spec section 2: the list is prefetched and the matching promotion selected from it (the
// page does that).
export const Route = createFileRoute('/player/promotion/$promotionId')({
  loader: ({ context: { queryClient } }) => loadPageData(queryClient, promotionPageQueries()),
  component: PromotionDetailRoute,
})

function PromotionDetailRoute() {
  const { promotionId } = Route.useParams()
  return <PromotionDetailPage promotionId={promotionId} />
}
