import { useSelector } from '@tanstack/react-form'
import { useEffect, useState } from 'react'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { submitOnce } from '~/widgets/submit-once'
import { BankAccountSummary } from '~/widgets/bank-account-summary'
import { useKeyedSubmit } from '~/widgets/keyed-submit'
import { RateLimitedCheckStatus } from '~/widgets/rate-limited-check'
import { ServerAlert } from '~/widgets/server-alert'
import { isApiError } from '~/lib/api/error'
import { useCreateWithdrawMutation } from '~/lib/api/withdraw'
import { amountShownBack } from '~/domain/amount-input'
import { errorMessage } from '~/domain/error-messages'
import { formatMoney } from '~/domain/format'
import { useRetryAfter } from '~/lib/retry-after'
import type { Provider } from '~/lib/game-catalogue'
import { FormChoiceCards } from '~/ui/form-choice-cards'
import { setServerFieldErrors, submitThenChange, useAppForm } from '~/ui/form'
import { useProviderChoices } from './provider-choices'
import { QuotePanel } from './quote-panel'
import { QUOTE_DEBOUNCE_MS, useQuoteCheck, useShownQuote } from './withdraw-quote'
import {
  CREDIT_CODES,
  mustWithdrawAll,
  normaliseCredit,
  usageInForce,
} from '~/domain/withdraw-rules'

type AgencyLimits = components['schemas']['AgencyLimits']
type Bank = components['schemas']['Bank']
type BankAccount = components['schemas']['BankAccount']
type PromotionUsage = components['schemas']['PromotionUsage']
type Withdraw = components['schemas']['Withdraw']

type WithdrawValues = { provider: Provider | null; credit: string }
const defaultValues: WithdrawValues = { provider: null, credit: '' }

type WithdrawFormProps = {
  account: BankAccount
  bank: Bank | undefined
  limits: AgencyLimits
  /** The promotion usage in force (any provider), or null. */
  usage: PromotionUsage | null
  onCreated: (order: Withdraw) => void
}

/** The account the payout goes to: the player's one bank account, not a choice. */
function PayoutAccount({ account, bank }: { account: BankAccount; bank: Bank | undefined }) {
  return (
    <section className="flex flex-col gap-1.5" aria-labelledby="withdraw-bank-label">
      <h2 id="withdraw-bank-label" className="text-sm font-medium text-ink">
        {m.withdraw_bank_label()}
      </h2>
      <BankAccountSummary
        account={account}
        bank={bank}
        labels={{
          accountNumber: m.withdraw_account_number(),
          accountName: m.withdraw_account_name(),
          owner: m.withdraw_account_owner(),
        }}
      />
    </section>
  )
}

const isCreditError = (error: unknown) => isApiError(error) && CREDIT_CODES.has(error.code)
const creditError = (error: unknown) => () => errorMessage(error)

/**
 * Where the credit's check stands, as one string: the quote panel is drawn again when it
 * changes, not on the field's other changes (touched, blurred, each submit's new meta).
 */
const creditCheck = (meta: { isValidating: boolean; errors: unknown[] } | undefined) => {
  if (meta?.isValidating) return 'running'
  return (meta?.errors.length ?? 0) > 0 ? 'refused' : 'passed'
}

const providerRequired = {
  onDynamic: ({ value }: { value: Provider | null }) =>
    value ? undefined : () => m.withdraw_provider_required(),
}

/**
 * Said under the credit field: why the amount is the whole credit (a withdraw-all promotion
 * in force), or else the withdraw bounds.
 */
function creditDescription(
  limits: AgencyLimits,
  withdrawAllUsage: PromotionUsage | null | undefined,
  allCredit: string | undefined,
) {
  const { min, max, currency } = limits.withdraw
  if (withdrawAllUsage && allCredit !== undefined) {
    return m.withdraw_all_reason({
      promotion: withdrawAllUsage.promotionTitle,
      amount: formatMoney(allCredit, currency),
    })
  }
  return m.withdraw_credit_limits({
    min: formatMoney(min, currency),
    max: formatMoney(max, currency),
  })
}

/**
 * Provider (with its credit, always refetched), the payout account, the credit to withdraw,
 * and what the player will receive before they submit: every rule of decision 005 the client
 * has the data for is checked here first (nothing is sent while one is broken); the split and
 * the payout are the server's quote, asked while the player types, keyed by (provider, credit).
 */
export function WithdrawForm({ account, bank, limits, usage, onCreated }: WithdrawFormProps) {
  const create = useCreateWithdrawMutation()
  const keyed = useKeyedSubmit()
  const [alert, setAlert] = useState<unknown>()
  // A 429's Retry-After: counted down in the alert, the submit disabled meanwhile.
  const secondsLeft = useRetryAfter(alert)
  const { choices, credits } = useProviderChoices(usage)
  // A 429 of the quote: counted down at the field, then asked again (`recheckCredit`).
  const { check: checkCredit, rateLimit: quoteLimit } = useQuoteCheck(limits, usage)
  const shownQuote = useShownQuote()

  const form = useAppForm({
    defaultValues,
    validationLogic: submitThenChange(),
    onSubmit: async ({ value, formApi }) => {
      setAlert(undefined)
      const credit = normaliseCredit(value.credit, limits)
      // The validators refused both cases already; this only narrows the types.
      if (!value.provider || credit === undefined) return
      // The order carries the id of the quote the panel shows, so the payout is the one shown.
      const quoteId = (await shownQuote(value.provider, credit).catch(setAlert))?.quoteId
      if (quoteId === undefined) return
      const body = { provider: value.provider, bankAccountId: account.id, credit, quoteId }
      const sent = await keyed.submit(body, (key) =>
        create.mutateAsync({ params: { header: { 'Idempotency-Key': key } }, body }),
      )
      if (sent.state === 'done') onCreated(sent.data)
      if (sent.state !== 'failed') return
      // A refused credit is said at the field, anything else above the button.
      if (isCreditError(sent.error))
        setServerFieldErrors(formApi, { credit: creditError(sent.error) })
      else setAlert(sent.error)
    },
  })

  const provider = useSelector(form.store, (state) => state.values.provider)
  const typed = useSelector(form.store, (state) => state.values.credit)
  const providerUsage = usageInForce(usage, provider)
  const withdrawAll = mustWithdrawAll(providerUsage)
  const allCredit = credits.of(provider)?.amount

  // Withdraw-all: the amount is the provider's whole credit, and follows it when it is
  // refetched (the player may have played meanwhile in another tab).
  useEffect(() => {
    if (withdrawAll && allCredit !== undefined && form.getFieldValue('credit') !== allCredit) {
      form.setFieldValue('credit', allCredit)
    }
  }, [form, withdrawAll, allCredit])

  const currency = limits.withdraw.currency
  const recheckCredit = () => void form.validateField('credit', 'change')

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={submitOnce(form)}>
      <form.AppField name="provider" validators={providerRequired}>
        {() => (
          <FormChoiceCards
            label={m.withdraw_provider_label()}
            choices={choices}
            columns="grid-cols-1 sm:grid-cols-2"
          />
        )}
      </form.AppField>

      <PayoutAccount account={account} bank={bank} />

      <form.AppField
        name="credit"
        validators={{
          onChangeListenTo: ['provider'],
          onChangeAsyncDebounceMs: QUOTE_DEBOUNCE_MS,
          onChangeAsync: ({ value }) =>
            checkCredit({
              value,
              provider: form.getFieldValue('provider'),
              submitting: form.state.isSubmitting,
            }),
        }}
      >
        {(field) => (
          <field.TextField
            label={m.withdraw_credit_label({ currency })}
            inputMode="decimal"
            autoComplete="off"
            // Shown back as read in the player's language (~/domain/amount-input), unless
            // the rules fix the amount.
            showBack={withdrawAll ? undefined : (typed) => amountShownBack(typed, currency)}
            isReadOnly={withdrawAll}
            description={creditDescription(limits, withdrawAll ? providerUsage : null, allCredit)}
          />
        )}
      </form.AppField>
      <RateLimitedCheckStatus check={quoteLimit} recheck={recheckCredit} />

      <form.Subscribe selector={(state) => creditCheck(state.fieldMeta.credit)}>
        {(check) => (
          <QuotePanel
            provider={provider}
            credit={normaliseCredit(typed, limits)}
            isValidating={check === 'running'}
            hasError={check === 'refused'}
            onRetry={recheckCredit}
          />
        )}
      </form.Subscribe>

      <ServerAlert error={alert} secondsLeft={secondsLeft} />
      <form.AppForm>
        <form.SubmitButton isDisabled={secondsLeft > 0}>{m.withdraw_submit()}</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
