import { createFileRoute } from '@tanstack/react-router'
import { depositListQueryOptions } from '~/lib/api/deposit'
import { DepositHistoryPage } from '~/features/wallet/wallet-pages'

export const Route = createFileRoute('/player/deposit/history')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(depositListQueryOptions()),
  component: DepositHistoryPage,
})
