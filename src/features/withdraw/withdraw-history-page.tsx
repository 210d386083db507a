import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { m } from '~generated/paraglide/messages'
import { banksQueryOptions } from '~/lib/api/bank'
import { withdrawListQueryOptions } from '~/lib/api/withdraw'
import { errorMessage } from '~/lib/error-messages'
import { links } from '~/lib/navigation'
import { buttonStyles } from '~/ui/button'
import { Pagination } from '~/ui/pagination'
import { EmptyState, ErrorState, LoadingState } from '~/ui/query-state'
import { WithdrawOrder } from './withdraw-order'

/**
 * /player/withdraw/history: one page of the player's withdrawals, newest first, each with its
 * provider, bank, split, payout, date-time and status. The page lives in the URL. The contract
 * gives no rejection reason on an order, so a REJECTED one shows its status only.
 */
export function WithdrawHistoryPage({ page }: { page: number }) {
  const list = useQuery(withdrawListQueryOptions({ page }))
  const banks = useQuery(banksQueryOptions())
  const bankOf = (code: string) => banks.data?.banks.find((b) => b.code === code)

  let content
  if (list.isError) {
    content = (
      <ErrorState
        message={errorMessage(list.error)}
        isRetrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    )
  } else if (!list.data) {
    content = <LoadingState className="min-h-96" />
  } else if (list.data.items.length === 0) {
    content = (
      <EmptyState title={m.withdraw_history_empty()}>
        <Link {...links.withdraw} className={buttonStyles()}>
          {m.withdraw_history_to_withdraw()}
        </Link>
      </EmptyState>
    )
  } else {
    const { items, pageSize, total } = list.data
    content = (
      <>
        <ul className="flex flex-col gap-3">
          {items.map((order) => (
            <li key={order.id}>
              <WithdrawOrder
                order={order}
                bank={bankOf(order.bankCode)}
                heading={
                  <h2 className="font-semibold">
                    {m.withdraw_history_order({ code: order.transactionCode })}
                  </h2>
                }
              />
            </li>
          ))}
        </ul>
        <Pagination
          // The URL's page: it is what the links move from, whatever the server echoes.
          page={page}
          pageSize={pageSize}
          total={total}
          renderLink={(target, props) => (
            <Link {...links.withdrawHistory} search={{ page: target }} {...props} />
          )}
        />
      </>
    )
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">{m.page_title_withdraw_history()}</h1>
      {content}
    </div>
  )
}
