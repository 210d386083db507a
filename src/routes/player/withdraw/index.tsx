import { createFileRoute } from '@tanstack/react-router'
import { bankAccountsQueryOptions } from '~/lib/api/bank'
import { playerCreditQueryOptions } from '~/lib/api/credits'
import { openWithdrawsQueryOptions } from '~/lib/api/withdraw'
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
