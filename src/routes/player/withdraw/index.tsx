import { createFileRoute } from '@tanstack/react-router'
import {
  bankAccountsQueryOptions,
  openWithdrawsQueryOptions,
  playerCreditQueryOptions,
} from '~/features/wallet/wallet-queries'
import { WithdrawPage } from '~/features/wallet/wallet-pages'

export const Route = createFileRoute('/player/withdraw/')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(openWithdrawsQueryOptions()),
      queryClient.ensureQueryData(bankAccountsQueryOptions()),
      queryClient.ensureQueryData(playerCreditQueryOptions()),
    ]),
  component: WithdrawPage,
})
