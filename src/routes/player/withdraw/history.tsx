import { createFileRoute } from '@tanstack/react-router'
import { loadPageData } from '~/lib/query-state'
import { FIRST_PAGE } from '~/lib/api/paging'
import { pageSearch } from '~/lib/search-params'
import { withdrawListQueryOptions } from '~/lib/api/withdraw'
import { WithdrawHistoryPage } from '~/features/withdraw/withdraw-history-page'

// The page is in the URL; a missing or broken value opens the first page.
export const Route = createFileRoute('/player/withdraw/history')({
  validateSearch: pageSearch,
  loaderDeps: ({ search: { page } }) => ({ page: page ?? FIRST_PAGE }),
  loader: ({ context: { queryClient }, deps: { page } }) =>
    loadPageData(queryClient, [withdrawListQueryOptions({ page })]),
  component: WithdrawHistoryRoute,
})

function WithdrawHistoryRoute() {
  const { page } = Route.useSearch()
  return <WithdrawHistoryPage page={page ?? FIRST_PAGE} />
}
