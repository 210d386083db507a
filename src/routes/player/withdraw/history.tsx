import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { FIRST_PAGE } from '~/lib/api/paging'
import { withdrawListQueryOptions } from '~/lib/api/withdraw'
import { WithdrawHistoryPage } from '~/features/withdraw/withdraw-history-page'

// The page is in the URL; a missing or broken value opens the first page.
const searchSchema = z.object({
  page: z.optional(z.catch(z.int().check(z.minimum(FIRST_PAGE)), FIRST_PAGE)),
})

export const Route = createFileRoute('/player/withdraw/history')({
  validateSearch: searchSchema,
  loaderDeps: ({ search: { page } }) => ({ page: page ?? FIRST_PAGE }),
  // Prefetched, not ensured: a failed page shows the list's error state with a retry.
  loader: ({ context: { queryClient }, deps: { page } }) =>
    queryClient.prefetchQuery(withdrawListQueryOptions({ page })),
  component: WithdrawHistoryRoute,
})

function WithdrawHistoryRoute() {
  const { page } = Route.useSearch()
  return <WithdrawHistoryPage page={page ?? FIRST_PAGE} />
}
