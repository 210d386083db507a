import { createFileRoute } from '@tanstack/react-router'
import { depositListQueryOptions } from '~/features/wallet/wallet-queries'
import { DepositHistoryPage } from '~/features/wallet/wallet-pages'

export const Route = createFileRoute('/player/deposit/history')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(depositListQueryOptions()),
  component: DepositHistoryPage,
})
