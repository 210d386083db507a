import { createFileRoute } from '@tanstack/react-router'
import { bankAccountsQueryOptions, banksQueryOptions } from '~/features/wallet/wallet-queries'
import { BankPage } from '~/features/wallet/wallet-pages'

export const Route = createFileRoute('/player/bank')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(bankAccountsQueryOptions()),
      queryClient.ensureQueryData(banksQueryOptions()),
    ]),
  component: BankPage,
})
