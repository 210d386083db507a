import type { ReactNode } from 'react'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { formatDateTime } from '~/domain/format'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'
import { BankMark } from '~/widgets/bank-account-summary'
import { OrderStatusBadge } from '~/widgets/status-badge'
import { WithdrawFigures } from './withdraw-figures'

type Withdraw = components['schemas']['Withdraw']
type Bank = components['schemas']['Bank']

type WithdrawOrderProps = {
  order: Withdraw
  /** The order's bank from the bank list, when loaded (name and logo). */
  bank: Bank | undefined
  /** The card's heading, naming the order by its transaction code (h2 or h3 by page). */
  heading: ReactNode
}

/**
 * One withdraw order as the server recorded it: provider, bank, status in the spec's colours,
 * when, and the split with the payout at the rate fixed on the order (never today's rate).
 */
export function WithdrawOrder({ order, bank, heading }: WithdrawOrderProps) {
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-line bg-surface-raised p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {heading}
        <OrderStatusBadge status={order.status} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">{m.withdraw_figure_provider()}</dt>
        <dd className="wrap-anywhere">{PROVIDER_NAMES[order.provider] ?? order.provider}</dd>
        <dt className="text-ink-muted">{m.withdraw_figure_bank()}</dt>
        <dd className="flex min-w-0 items-center gap-2">
          <BankMark bank={bank} code={order.bankCode} />
          <span className="truncate">{bank?.name ?? order.bankCode.toUpperCase()}</span>
        </dd>
        <dt className="text-ink-muted">{m.withdraw_figure_created()}</dt>
        <dd className="tabular-nums">{formatDateTime(order.createdAt)}</dd>
        <dt className="text-ink-muted">{m.withdraw_figure_processed()}</dt>
        <dd className="tabular-nums">{formatDateTime(order.closedAt)}</dd>
      </dl>
      <WithdrawFigures split={order} />
    </article>
  )
}
