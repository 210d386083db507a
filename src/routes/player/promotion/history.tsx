import { createFileRoute } from '@tanstack/react-router'
import { loadPageData } from '~/lib/query-state'
import { PromotionHistoryPage } from '~/features/promotions/promotion-history-page'
import { promotionUsagesQueryOptions } from '~/lib/api/promotions'
import { FIRST_PAGE } from '~/lib/api/paging'
import { pageSearch } from '~/lib/search-params'

// The page lives in the URL (reload, share, back). Anything that is not a page number from 1
// up reads as the first page rather than an error.
export const Route = createFileRoute('/player/promotion/history')({
  validateSearch: pageSearch,
  loaderDeps: ({ search: { page } }) => ({ page: page ?? FIRST_PAGE }),
  loader: ({ context: { queryClient }, deps: { page } }) =>
    loadPageData(queryClient, [promotionUsagesQueryOptions({ page })]),
  component: PromotionHistoryRoute,
})

function PromotionHistoryRoute() {
  const { page = FIRST_PAGE } = Route.useSearch()
  return <PromotionHistoryPage page={page} />
}
