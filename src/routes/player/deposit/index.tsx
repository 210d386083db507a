import { createFileRoute } from '@tanstack/react-router'
import { bankAccountsQueryOptions } from '~/lib/api/bank'
import { openDepositsQueryOptions } from '~/lib/api/deposit'
import { DepositPage } from '~/features/wallet/wallet-pages'

export const Route = createFileRoute('/player/deposit/')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(openDepositsQueryOptions()),
      queryClient.ensureQueryData(bankAccountsQueryOptions()),
    ]),
  component: DepositPage,
})
