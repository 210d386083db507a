import { createFileRoute } from '@tanstack/react-router'
import { bankAccountsQueryOptions, banksQueryOptions } from '~/lib/api/bank'
import { BankPage } from '~/features/wallet/wallet-pages'

export const Route = createFileRoute('/player/bank')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(bankAccountsQueryOptions()),
      queryClient.ensureQueryData(banksQueryOptions()),
    ]),
  component: BankPage,
})
