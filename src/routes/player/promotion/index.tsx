import { createFileRoute } from '@tanstack/react-router'
import { loadPageData } from '~/lib/query-state'
import { PromotionListPage } from '~/features/promotions/promotion-list-page'
import { promotionPageQueries } from '~/lib/api/promotions'

export const Route = createFileRoute('/player/promotion/')({
  loader: ({ context: { queryClient } }) => loadPageData(queryClient, promotionPageQueries()),
  component: PromotionListPage,
})
