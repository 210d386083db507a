import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { bankAccountsQueryOptions, banksQueryOptions } from '~/lib/api/bank'
import { currentPromotionQueryOptions } from '~/lib/api/promotions'
import { openWithdrawsQueryOptions } from '~/lib/api/withdraw'
import { links } from '~/lib/navigation'
import { buttonStyles } from '~/ui/button'
import { queriesState, staleOf } from '~/lib/query-state'
import { EmptyState, LoadingState } from '~/ui/query-state'
import { LoadFailed, RefreshFailed } from '~/widgets/query-problems'
import { WithdrawForm } from './withdraw-form'
import { WithdrawOrder } from './withdraw-order'

type Withdraw = components['schemas']['Withdraw']

function HistoryLink() {
  return (
    <Link
      {...links.withdrawHistory}
      className="inline-flex min-h-6 items-center text-sm font-semibold text-accent underline-offset-4 hover:underline"
    >
      {m.withdraw_history_link()}
    </Link>
  )
}

/**
 * /player/withdraw: the form, or what stands in its way. No bank account leads to
 * /player/bank; an open withdraw order is shown with its status instead of a new form (one
 * open order at a time); after submitting, the order as the server recorded it.
 */
export function WithdrawPage() {
  const titleId = useId()
  const agency = useQuery(agencyInfoQueryOptions())
  const accounts = useQuery(bankAccountsQueryOptions())
  const banks = useQuery(banksQueryOptions())
  const open = useQuery(openWithdrawsQueryOptions())
  const current = useQuery(currentPromotionQueryOptions())
  const [created, setCreated] = useState<Withdraw>()

  const bankOf = (code: string) => banks.data?.banks.find((b) => b.code === code)
  // The bank list only names and marks the bank: the page works without it.
  const state = queriesState([agency, accounts, open, current])

  let content
  if (created) {
    content = (
      <section aria-labelledby={`${titleId}-done`} className="flex flex-col gap-3">
        <div role="status" className="flex flex-col gap-1">
          <h2 id={`${titleId}-done`} className="text-lg font-semibold text-success">
            {m.withdraw_success_title()}
          </h2>
          <p className="text-sm text-ink-muted">{m.withdraw_success_body()}</p>
        </div>
        <WithdrawOrder
          order={created}
          bank={bankOf(created.bankCode)}
          heading={<h3 className="font-semibold">{created.transactionCode}</h3>}
        />
      </section>
    )
  } else if (state.status === 'failed') {
    content = <LoadFailed failure={state} title={m.withdraw_load_failed()} />
  } else if (!agency.data || !accounts.data || !open.data || !current.data) {
    content = <LoadingState className="min-h-96" />
  } else if (open.data.withdraws[0]) {
    const order = open.data.withdraws[0]
    content = (
      <section aria-labelledby={`${titleId}-open`} className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h2 id={`${titleId}-open`} className="text-lg font-semibold">
            {m.withdraw_open_title()}
          </h2>
          <p className="text-sm text-ink-muted">{m.withdraw_open_body()}</p>
        </div>
        <WithdrawOrder
          order={order}
          bank={bankOf(order.bankCode)}
          heading={<h3 className="font-semibold">{order.transactionCode}</h3>}
        />
      </section>
    )
  } else if (!accounts.data.bankAccounts[0]) {
    content = (
      <EmptyState title={m.withdraw_no_bank_title()}>
        <p className="text-sm text-ink-muted">{m.withdraw_no_bank_body()}</p>
        <Link {...links.bank} className={buttonStyles()}>
          {m.withdraw_no_bank_action()}
        </Link>
      </EmptyState>
    )
  } else {
    const account = accounts.data.bankAccounts[0]
    content = (
      <WithdrawForm
        account={account}
        bank={bankOf(account.bankCode)}
        limits={agency.data.limits}
        usage={current.data.usage}
        onCreated={setCreated}
      />
    )
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id={titleId} className="text-2xl font-bold">
          {m.page_title_withdraw()}
        </h1>
        <HistoryLink />
      </div>
      <RefreshFailed stale={staleOf(state)} />
      {content}
    </div>
  )
}
