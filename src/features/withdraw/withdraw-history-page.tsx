import { useQuery } from '@tanstack/react-query'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { PagedList, pagedRow, usePagedQuery } from '~/widgets/paged-list'
import { banksQueryOptions } from '~/lib/api/bank'
import { withdrawListQueryOptions } from '~/lib/api/withdraw'
import { links } from '~/lib/navigation'
import { buttonStyles } from '~/ui/button'
import { EmptyState } from '~/ui/query-state'
import { WithdrawOrder } from './withdraw-order'
import { PageLink } from '~/widgets/page-link'

type Withdraw = components['schemas']['Withdraw']
type Bank = components['schemas']['Bank']

const WithdrawRow = pagedRow(function WithdrawRow({
  order,
  bank,
}: {
  order: Withdraw
  bank: Bank | undefined
}) {
  return (
    <li>
      <WithdrawOrder
        order={order}
        bank={bank}
        heading={
          <h2 className="font-semibold">
            {m.withdraw_history_order({ code: order.transactionCode })}
          </h2>
        }
      />
    </li>
  )
})

/**
 * /player/withdraw/history: one page of the player's withdrawals, newest first, each with its
 * provider, bank, split, payout, date-time and status. The page lives in the URL. The contract
 * gives no rejection reason on an order, so a REJECTED one shows its status only.
 */
export function WithdrawHistoryPage({ page }: { page: number }) {
  const list = usePagedQuery(withdrawListQueryOptions({ page }))
  const banks = useQuery(banksQueryOptions())
  const bankOf = (code: string) => banks.data?.banks.find((b) => b.code === code)
  const content = (
    <PagedList
      list={list}
      page={page}
      empty={
        <EmptyState title={m.withdraw_history_empty()}>
          <PageLink {...links.withdraw} className={buttonStyles()}>
            {m.withdraw_history_to_withdraw()}
          </PageLink>
        </EmptyState>
      }
      pageLink={(target, props) => (
        <PageLink {...links.withdrawHistory} search={{ page: target }} {...props} />
      )}
    >
      {(items) => (
        <ul className="flex flex-col gap-3">
          {items.map((order) => (
            <WithdrawRow key={order.id} order={order} bank={bankOf(order.bankCode)} />
          ))}
        </ul>
      )}
    </PagedList>
  )

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">{m.page_title_withdraw_history()}</h1>
      {content}
    </div>
  )
}
