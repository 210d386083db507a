import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { DepositHistoryPage } from '~/features/deposit/deposit-history'
import { depositListQueryOptions } from '~/lib/api/deposit'
import { FIRST_PAGE } from '~/lib/api/paging'

// The page lives in the URL (reload, back and shared links land on the same page); anything
// that is not a page number opens the first.
const searchSchema = z.object({
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(FIRST_PAGE))), undefined),
})

export const Route = createFileRoute('/player/deposit/history')({
  validateSearch: searchSchema,
  loaderDeps: ({ search: { page } }) => ({ page: page ?? FIRST_PAGE }),
  // Warm the cache without failing the route: the page shows its own error with a retry.
  loader: ({ context: { queryClient }, deps: { page } }) =>
    queryClient.ensureQueryData(depositListQueryOptions({ page })).catch(() => undefined),
  component: DepositHistoryRoute,
})

function DepositHistoryRoute() {
  const { page } = Route.useSearch()
  return <DepositHistoryPage page={page ?? FIRST_PAGE} />
}
