import { useQuery } from '@tanstack/react-query'
import { m } from '~generated/paraglide/messages'
import { bankAccountsQueryOptions, banksQueryOptions } from '~/lib/api/bank'
import { queriesState, staleOf } from '~/lib/query-state'
import { BankAccountSummary } from '~/widgets/bank-account-summary'
import { LoadFailed, RefreshFailed } from '~/widgets/query-problems'
import { LoadingState } from '~/ui/query-state'
import { BankAccountForm } from './bank-account-form'

/** Labels of the account summary, shared with the deposit page's copy of it. */
export const accountLabels = () => ({
  accountNumber: m.bank_field_account_number(),
  accountName: m.bank_field_account_name(),
  owner: m.bank_field_owner(),
})

/**
 * /player/bank (spec sections 3 and 5): a player without an account sees the form; a player
 * with one sees it, number masked as the contract gives it, and no form (one per player).
 */
export function BankPage() {
  const accounts = useQuery(bankAccountsQueryOptions())
  const banks = useQuery(banksQueryOptions())
  const state = queriesState([accounts, banks])
  const account = accounts.data?.bankAccounts[0]
  const bankList = banks.data?.banks ?? []

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">{m.page_title_bank()}</h1>
      <RefreshFailed stale={staleOf(state)} />
      {state.status === 'failed' ? (
        <LoadFailed failure={state} />
      ) : state.status === 'pending' ? (
        <LoadingState className="min-h-96" />
      ) : account ? (
        <section aria-labelledby="bank-your-account" className="space-y-3">
          <h2 id="bank-your-account" className="text-lg font-semibold">
            {m.bank_your_account()}
          </h2>
          <BankAccountSummary
            account={account}
            bank={bankList.find((b) => b.code === account.bankCode)}
            labels={accountLabels()}
          />
          <p className="text-sm text-ink-muted">{m.bank_one_per_player()}</p>
        </section>
      ) : (
        <section aria-labelledby="bank-form-title" className="space-y-4">
          <h2 id="bank-form-title" className="text-lg font-semibold">
            {m.bank_form_title()}
          </h2>
          <p className="text-ink-muted">{m.bank_intro()}</p>
          <BankAccountForm banks={bankList} />
        </section>
      )}
    </div>
  )
}
