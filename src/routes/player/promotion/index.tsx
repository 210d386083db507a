import { createFileRoute } from '@tanstack/react-router'
import { loadPageData } from '~/lib/query-state'
import { PromotionListPage } from '~/features/promotions/promotion-list-page'
import { bankAccountsQueryOptions } from '~/lib/api/bank'
import { openDepositsQueryOptions } from '~/lib/api/deposit'
import {
  currentPromotionQueryOptions,
  promotionBlockingQueryOptions,
  promotionsQueryOptions,
} from '~/lib/api/promotions'

export const Route = createFileRoute('/player/promotion/')({
  loader: ({ context: { queryClient } }) =>
    loadPageData(queryClient, [
      promotionsQueryOptions(),
      currentPromotionQueryOptions(),
      promotionBlockingQueryOptions(),
      bankAccountsQueryOptions(),
      openDepositsQueryOptions(),
    ]),
  component: PromotionListPage,
})
