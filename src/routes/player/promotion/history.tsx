import { createFileRoute } from '@tanstack/react-router'
import { PromotionHistoryPage } from '~/features/promotions/promotion-pages'
import { promotionUsagesQueryOptions } from '~/lib/api/promotions'

export const Route = createFileRoute('/player/promotion/history')({
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(promotionUsagesQueryOptions()),
  component: PromotionHistoryPage,
})
