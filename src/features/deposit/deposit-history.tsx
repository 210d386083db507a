import { useQuery } from '@tanstack/react-query'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { banksQueryOptions } from '~/lib/api/bank'
import { depositListQueryOptions } from '~/lib/api/deposit'
import { formatDateTime, formatMoney } from '~/domain/format'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'
import { links } from '~/lib/navigation'
import { BankMark } from '~/widgets/bank-account-summary'
import { PagedList, pagedRow, usePagedQuery } from '~/widgets/paged-list'
import { buttonStyles } from '~/ui/button'
import { EmptyState } from '~/ui/query-state'
import { OrderStatusBadge } from '~/widgets/status-badge'
import { PageLink } from '~/widgets/page-link'

type Deposit = components['schemas']['Deposit']
type Bank = components['schemas']['Bank']

/** A provider the build does not know yet reads as its code rather than a blank. */
const providerName = (provider: string) =>
  Object.hasOwn(PROVIDER_NAMES, provider)
    ? PROVIDER_NAMES[provider as keyof typeof PROVIDER_NAMES]
    : provider

const DepositRow = pagedRow(function DepositRow({
  order,
  bank,
}: {
  order: Deposit
  bank: Bank | undefined
}) {
  const credit = (value: string) => formatMoney(value, order.creditCurrency)
  return (
    <li className="rounded-xl border border-line bg-surface-raised p-4">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="font-semibold">{providerName(order.provider)}</p>
          <p className="text-lg font-bold wrap-anywhere tabular-nums">
            {formatMoney(order.amount, order.currency)}
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        <dt className="text-ink-muted">{m.deposit_order_bank()}</dt>
        <dd className="flex items-center gap-2">
          <BankMark bank={bank} code={order.bankCode} />
          <span className="min-w-0 wrap-anywhere">
            {bank?.name ?? order.bankCode.toUpperCase()}
          </span>
        </dd>
        <dt className="text-ink-muted">{m.deposit_order_credit()}</dt>
        <dd className="wrap-anywhere tabular-nums">{credit(order.credit)}</dd>
        <dt className="text-ink-muted">{m.deposit_order_promotion_credit()}</dt>
        <dd className="wrap-anywhere tabular-nums">{credit(order.promotionCredit)}</dd>
        <dt className="text-ink-muted">{m.deposit_order_total_credit()}</dt>
        <dd className="wrap-anywhere tabular-nums">{credit(order.totalCredit)}</dd>
        <dt className="text-ink-muted">{m.deposit_order_code()}</dt>
        <dd className="font-mono break-all">{order.transactionCode}</dd>
        <dt className="text-ink-muted">{m.deposit_order_date()}</dt>
        <dd className="tabular-nums">{formatDateTime(order.createdAt)}</dd>
      </dl>
    </li>
  )
})

/**
 * /player/deposit/history: one page of orders (page in the URL), newest first, with the
 * spec's status colours (an unknown status shows raw and grey).
 */
export function DepositHistoryPage({ page }: { page: number }) {
  const list = usePagedQuery(depositListQueryOptions({ page }))
  const banks = useQuery(banksQueryOptions())
  const body = (
    <PagedList
      list={list}
      page={page}
      empty={
        <EmptyState title={m.deposit_history_empty()}>
          <PageLink {...links.deposit} className={buttonStyles()}>
            {m.deposit_history_empty_action()}
          </PageLink>
        </EmptyState>
      }
      pageLink={(to, props) => (
        <PageLink {...links.depositHistory} search={{ page: to }} {...props} />
      )}
    >
      {(items) => (
        <ul className="space-y-3">
          {items.map((order) => (
            <DepositRow
              key={order.id}
              order={order}
              bank={banks.data?.banks.find((b) => b.code === order.bankCode)}
            />
          ))}
        </ul>
      )}
    </PagedList>
  )

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">{m.page_title_deposit_history()}</h1>
      {body}
    </div>
  )
}
