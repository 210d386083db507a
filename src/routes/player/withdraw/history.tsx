import { createFileRoute } from '@tanstack/react-router'
import { withdrawListQueryOptions } from '~/features/wallet/wallet-queries'
import { WithdrawHistoryPage } from '~/features/wallet/wallet-pages'

export const Route = createFileRoute('/player/withdraw/history')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(withdrawListQueryOptions()),
  component: WithdrawHistoryPage,
})
