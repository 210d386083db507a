import { createFileRoute } from '@tanstack/react-router'
import { loadPageData } from '~/lib/query-state'
import { PromotionListPage } from '~/features/promotions/promotion-list-page'
import { FIRST_PAGE } from '~/lib/api/paging'
import { promotionPageQueries } from '~/lib/api/promotions'
import { pageSearch } from '~/lib/search-params'

// The list comes whole; the page shown lives in the URL (reload, share, back), as the
// histories' does. Anything that is not a page number from 1 up reads as the first page.
export const Route = createFileRoute('/player/promotion/')({
  validateSearch: pageSearch,
  loader: ({ context: { queryClient } }) => loadPageData(queryClient, promotionPageQueries()),
  component: PromotionListRoute,
})

function PromotionListRoute() {
  const { page = FIRST_PAGE } = Route.useSearch()
  return <PromotionListPage page={page} />
}
