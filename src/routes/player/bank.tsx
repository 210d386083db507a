import { createFileRoute } from '@tanstack/react-router'
import { bankAccountsQueryOptions, banksQueryOptions } from '~/lib/api/bank'
import { BankPage } from '~/features/bank/bank-page'

export const Route = createFileRoute('/player/bank')({
  // Warm the cache without failing the route: the page shows its own error with a retry.
  loader: ({ context: { queryClient } }) =>
    Promise.allSettled([
      queryClient.ensureQueryData(bankAccountsQueryOptions()),
      queryClient.ensureQueryData(banksQueryOptions()),
    ]),
  component: BankPage,
})
