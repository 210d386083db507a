import { createFileRoute } from '@tanstack/react-router'
import { loadPageData } from '~/lib/query-state'
import { bankAccountsQueryOptions, banksQueryOptions } from '~/lib/api/bank'
import { BankPage } from '~/features/bank/bank-page'

export const Route = createFileRoute('/player/bank')({
  loader: ({ context: { queryClient } }) =>
    loadPageData(queryClient, [bankAccountsQueryOptions(), banksQueryOptions()]),
  component: BankPage,
})
