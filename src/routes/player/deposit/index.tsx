import { createFileRoute } from '@tanstack/react-router'
import {
  bankAccountsQueryOptions,
  openDepositsQueryOptions,
} from '~/features/wallet/wallet-queries'
import { DepositPage } from '~/features/wallet/wallet-pages'

export const Route = createFileRoute('/player/deposit/')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(openDepositsQueryOptions()),
      queryClient.ensureQueryData(bankAccountsQueryOptions()),
    ]),
  component: DepositPage,
})
