import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { PromotionHistoryPage } from '~/features/promotions/promotion-history-page'
import { promotionUsagesQueryOptions } from '~/lib/api/promotions'
import { FIRST_PAGE } from '~/lib/api/paging'

// The page lives in the URL (reload, share, back). Anything that is not a page number from 1
// up reads as the first page rather than an error.
const searchSchema = z.object({
  page: z.catch(z.optional(z.int().check(z.minimum(FIRST_PAGE))), undefined),
})

export const Route = createFileRoute('/player/promotion/history')({
  validateSearch: searchSchema,
  loaderDeps: ({ search: { page } }) => ({ page: page ?? FIRST_PAGE }),
  loader: ({ context: { queryClient }, deps: { page } }) =>
    queryClient.prefetchQuery(promotionUsagesQueryOptions({ page })),
  component: PromotionHistoryRoute,
})

function PromotionHistoryRoute() {
  const { page = FIRST_PAGE } = Route.useSearch()
  return <PromotionHistoryPage page={page} />
}
