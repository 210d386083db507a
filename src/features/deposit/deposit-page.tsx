import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { bankAccountsQueryOptions, banksQueryOptions } from '~/lib/api/bank'
import { openDepositsQueryOptions } from '~/lib/api/deposit'
import { currentPromotionQueryOptions } from '~/lib/api/promotions'
import { currencyRatesQueryOptions } from '~/lib/api/rates'
import { errorMessage } from '~/lib/error-messages'
import { formatMoney } from '~/lib/format'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'
import { links } from '~/lib/navigation'
import { Button, buttonStyles } from '~/ui/button'
import { EmptyState, ErrorState, LoadingState } from '~/ui/query-state'
import { DepositForm } from './deposit-form'
import { OpenOrder } from './open-order'

type Deposit = components['schemas']['Deposit']

function PaidResult({ order, onNew }: { order: Deposit; onNew: () => void }) {
  const values = {
    credit: formatMoney(order.totalCredit, order.creditCurrency),
    provider: PROVIDER_NAMES[order.provider],
  }
  return (
    <section
      role="status"
      className="flex flex-col items-start gap-3 rounded-xl border border-success/60 bg-success/10 p-4"
    >
      <h2 className="text-lg font-semibold">{m.deposit_paid_title()}</h2>
      <p>
        {order.status === 'SUCCESS' ? m.deposit_success_text(values) : m.deposit_paid_text(values)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onPress={onNew}>{m.deposit_new()}</Button>
        <Link {...links.depositHistory} className={buttonStyles({ variant: 'secondary' })}>
          {m.deposit_history_link()}
        </Link>
      </div>
    </section>
  )
}

/**
 * /player/deposit (spec sections 3-5): no bank account -> a way to /player/bank only; an
 * open order -> that order with its QR instead of a form; otherwise the new-deposit form.
 */
export function DepositPage() {
  const open = useQuery(openDepositsQueryOptions())
  const accounts = useQuery(bankAccountsQueryOptions())
  const agency = useQuery(agencyInfoQueryOptions())
  const rates = useQuery(currencyRatesQueryOptions())
  const promotion = useQuery(currentPromotionQueryOptions())
  const banks = useQuery(banksQueryOptions())
  // The order this page created or checked, ahead of a list that may not know it yet, and
  // the orders it closed, so a list fetched before the change does not bring them back.
  const [current, setCurrent] = useState<Deposit>()
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set())

  const required = [open, accounts, agency, rates, promotion] as const
  const failed = required.find((q) => q.isError)
  const account = accounts.data?.bankAccounts[0]
  const listed = open.data?.deposits.find((d) => d.status === 'OPEN' && !closed.has(d.id))
  const order = current ?? listed

  const close = (done: Deposit) => {
    setClosed((ids) => new Set(ids).add(done.id))
    setCurrent(undefined)
  }

  let body
  if (failed) {
    body = (
      <ErrorState
        message={errorMessage(failed.error)}
        isRetrying={failed.isFetching}
        onRetry={() => required.forEach((q) => q.isError && void q.refetch())}
      />
    )
  } else if (required.some((q) => q.isPending) || !agency.data || !rates.data || !promotion.data) {
    body = <LoadingState className="min-h-96" />
  } else if (order && order.status !== 'OPEN') {
    body = <PaidResult order={order} onNew={() => close(order)} />
  } else if (order) {
    body = <OpenOrder order={order} onPaid={setCurrent} onClosed={close} />
  } else if (!account) {
    body = (
      <EmptyState title={m.deposit_no_bank_title()}>
        <p className="text-ink-muted">{m.deposit_no_bank_text()}</p>
        <Link {...links.bank} className={buttonStyles()}>
          {m.deposit_go_to_bank()}
        </Link>
      </EmptyState>
    )
  } else {
    body = (
      <DepositForm
        agency={agency.data}
        account={account}
        bank={banks.data?.banks.find((b) => b.code === account.bankCode)}
        rates={rates.data.rates}
        usage={promotion.data.usage}
        onCreated={setCurrent}
      />
    )
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{m.page_title_deposit()}</h1>
        <Link
          {...links.depositHistory}
          className="text-sm font-semibold text-accent underline-offset-4 hover:underline"
        >
          {m.deposit_history_link()}
        </Link>
      </div>
      {body}
    </div>
  )
}
