import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { bankAccountsQueryOptions, banksQueryOptions } from '~/lib/api/bank'
import { openDepositsQueryOptions } from '~/lib/api/deposit'
import { currentPromotionQueryOptions } from '~/lib/api/promotions'
import { playerCreditQueryOptions } from '~/lib/api/credits'
import { currencyRatesQueryOptions } from '~/lib/api/rates'
import { formatMoney } from '~/domain/format'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'
import { links } from '~/lib/navigation'
import { Button, buttonStyles } from '~/ui/button'
import { queriesState, staleOf } from '~/lib/query-state'
import { EmptyState, LoadingState } from '~/ui/query-state'
import { LoadFailed, RefreshFailed } from '~/widgets/query-problems'
import { providerCreditOptions, type Credit } from '~/widgets/provider-credits'
import { DepositForm } from './deposit-form'
import { OpenOrder } from './open-order'

type Deposit = components['schemas']['Deposit']

/** The order's figures in the paid sentence (SUCCESS: added; PAID: being added). */
function paidText(order: Deposit) {
  const values = {
    credit: formatMoney(order.totalCredit, order.creditCurrency),
    provider: PROVIDER_NAMES[order.provider],
  }
  return order.status === 'SUCCESS' ? m.deposit_success_text(values) : m.deposit_paid_text(values)
}

/** A credit as it is now: refetched after the payment (every credit query was invalidated). */
function CreditNow({ label, credit }: { label: string; credit: Credit | undefined }) {
  return (
    <>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-right font-semibold tabular-nums">
        {credit ? formatMoney(credit.amount, credit.currency) : '…'}
      </dd>
    </>
  )
}

function PaidResult({ order, onNew }: { order: Deposit; onNew: () => void }) {
  const provider = useQuery(providerCreditOptions(order.provider))
  const general = useQuery(playerCreditQueryOptions())
  return (
    <section className="flex flex-col items-start gap-3 rounded-xl border border-success/60 bg-success/10 p-4">
      <h2 className="text-lg font-semibold">{m.deposit_paid_title()}</h2>
      <p>{paidText(order)}</p>
      <dl className="grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <CreditNow
          label={m.deposit_paid_provider_credit({ provider: PROVIDER_NAMES[order.provider] })}
          credit={provider.data}
        />
        <CreditNow label={m.deposit_paid_general_credit()} credit={general.data?.credit} />
      </dl>
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

  const state = queriesState([open, accounts, agency, rates, promotion])
  const account = accounts.data?.bankAccounts[0]
  const listed = open.data?.deposits.find((d) => d.status === 'OPEN' && !closed.has(d.id))
  const order = current ?? listed
  // The order on screen stays until the player moves on (paid, closed, or a new order after
  // it expired), also when a refetched open list no longer holds it.
  // (Set while rendering, React's way to adjust state to what was rendered from.)
  if (listed && !current) setCurrent(listed)

  const close = (done: Deposit) => {
    setClosed((ids) => new Set(ids).add(done.id))
    setCurrent(undefined)
  }

  const paid = order && order.status !== 'OPEN' ? order : undefined

  let body
  if (state.status === 'failed') {
    body = <LoadFailed failure={state} />
  } else if (state.status === 'pending' || !agency.data || !rates.data || !promotion.data) {
    body = <LoadingState className="min-h-96" />
  } else if (paid) {
    body = <PaidResult order={paid} onNew={() => close(paid)} />
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
      <RefreshFailed stale={staleOf(state)} />
      {body}
      {/* In the tree from the start, so a payment the page noticed by itself is announced. */}
      <p role="status" className="sr-only">
        {paid ? `${m.deposit_paid_title()}. ${paidText(paid)}` : ''}
      </p>
    </div>
  )
}
