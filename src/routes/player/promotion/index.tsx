import { createFileRoute } from '@tanstack/react-router'
import { PromotionListPage } from '~/features/promotions/promotion-pages'
import { currentPromotionQueryOptions, promotionsQueryOptions } from '~/lib/api/promotions'

export const Route = createFileRoute('/player/promotion/')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(promotionsQueryOptions()),
      queryClient.ensureQueryData(currentPromotionQueryOptions()),
    ]),
  component: PromotionListPage,
})
