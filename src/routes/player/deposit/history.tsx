import { createFileRoute } from '@tanstack/react-router'
import { loadPageData } from '~/lib/query-state'
import { DepositHistoryPage } from '~/features/deposit/deposit-history'
import { depositListQueryOptions } from '~/lib/api/deposit'
import { FIRST_PAGE } from '~/lib/api/paging'
import { pageSearch } from '~/lib/search-params'

// The page lives in the URL (reload, back and shared links land on the same page); anything
// that is not a page number opens the first.
export const Route = createFileRoute('/player/deposit/history')({
  validateSearch: pageSearch,
  loaderDeps: ({ search: { page } }) => ({ page: page ?? FIRST_PAGE }),
  loader: ({ context: { queryClient }, deps: { page } }) =>
    loadPageData(queryClient, [depositListQueryOptions({ page })]),
  component: DepositHistoryRoute,
})

function DepositHistoryRoute() {
  const { page } = Route.useSearch()
  return <DepositHistoryPage page={page ?? FIRST_PAGE} />
}
