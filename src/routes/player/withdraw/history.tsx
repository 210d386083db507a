import { createFileRoute } from '@tanstack/react-router'
import { withdrawListQueryOptions } from '~/lib/api/withdraw'
import { WithdrawHistoryPage } from '~/features/wallet/wallet-pages'

export const Route = createFileRoute('/player/withdraw/history')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(withdrawListQueryOptions()),
  component: WithdrawHistoryPage,
})
