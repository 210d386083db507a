import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import { useStore } from '@tanstack/react-form'
import { useEffect, useState } from 'react'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { isApiError, type ErrorBody } from '~/lib/api/error'
import { providerCreditQueryOptions } from '~/lib/api/credits'
import { currencyRatesQueryOptions } from '~/lib/api/rates'
import {
  invalidateAfterWithdraw,
  quoteWithdrawQueryOptions,
  useCreateWithdrawMutation,
} from '~/lib/api/withdraw'
import { errorMessage, errorMessages } from '~/lib/error-messages'
import { amountShownBack } from '~/lib/amount-input'
import { formatMoney } from '~/lib/format'
import { PROVIDER_NAMES, PROVIDERS, type Provider } from '~/lib/game-catalogue'
import { useIdempotencyKey } from '~/lib/idempotency'
import { convertCurrency } from '~/lib/money'
import { BankAccountSummary } from '~/ui/bank-account-summary'
import type { ChoiceCard } from '~/ui/choice-cards'
import { FormChoiceCards } from '~/ui/form-choice-cards'
import { submitOnce, submitThenChange, useAppForm, setServerFieldErrors } from '~/ui/form'
import { FormAlert } from '~/ui/form-alert'
import { firstErrorText } from '~/ui/form-fields'
import { ErrorState } from '~/ui/query-state'
import { TextField } from '~/ui/text-field'
import { Spinner } from '~/ui/spinner'
import { WithdrawFigures } from './withdraw-figures'
import {
  checkCreditInput,
  checkWithdrawRules,
  mustWithdrawAll,
  normaliseCredit,
  usageInForce,
  type WithdrawRuleIssue,
} from './withdraw-rules'

type AgencyLimits = components['schemas']['AgencyLimits']
type Bank = components['schemas']['Bank']
type BankAccount = components['schemas']['BankAccount']
type PromotionUsage = components['schemas']['PromotionUsage']
type Withdraw = components['schemas']['Withdraw']

/**
 * Pause in typing before the quote is asked: one call per pause, not per key (the same pause
 * as the username check, for the same reasons).
 */
export const QUOTE_DEBOUNCE_MS = 400

/** Codes about the credit typed: shown at the credit field, the rest above the button. */
const CREDIT_CODES: ReadonlySet<string> = new Set([
  'INSUFFICIENT_CREDIT',
  'WITHDRAW_AMOUNT_TOO_LOW',
  'WITHDRAW_AMOUNT_TOO_HIGH',
  'WITHDRAW_CREDIT_LIMIT_EXCEEDED',
  'WITHDRAW_CREDIT_BELOW_PROMOTION_CREDIT',
  'WITHDRAW_ALL_CREDIT_REQUIRED',
  'VALIDATION_FAILED',
])

/** The player's sentence for a broken rule: the catalogue's, so client and server agree. */
export function ruleMessage(issue: WithdrawRuleIssue): string {
  switch (issue.code) {
    case 'CREDIT_REQUIRED':
      return m.withdraw_credit_required()
    case 'CREDIT_FORMAT':
      return m.withdraw_credit_format({ decimals: issue.decimals, example: issue.example })
    default: {
      const message: (details: ErrorBody['details']) => string = errorMessages[issue.code]
      return message(issue.details)
    }
  }
}

/**
 * An answer the server gave for good (a 4xx but "still in progress"): the next submit is a
 * new intent with a new Idempotency-Key. A network failure or a 5xx keeps the key, so the
 * retry cannot create a second order.
 */
function isFinalAnswer(error: unknown) {
  return (
    isApiError(error) &&
    error.status >= 400 &&
    error.status < 500 &&
    error.code !== 'IDEMPOTENCY_KEY_IN_PROGRESS'
  )
}

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

/**
 * Provider (with its credit, always refetched), the payout account, the credit to withdraw,
 * and what the player will receive before they submit: every rule of decision 005 the client
 * has the data for is checked here first (nothing is sent while one is broken); the split and
 * the payout are the server's quote, asked while the player types, keyed by (provider, credit).
 */
export function WithdrawForm({ account, bank, limits, usage, onCreated }: WithdrawFormProps) {
  const queryClient = useQueryClient()
  const create = useCreateWithdrawMutation()
  const { key, renew } = useIdempotencyKey()
  const [alert, setAlert] = useState<unknown>()
  const credits = useQueries({
    queries: PROVIDERS.map((provider) => providerCreditQueryOptions(provider)),
  })
  const rates = useQuery(currencyRatesQueryOptions())
  const creditOf = (provider: Provider | null) =>
    provider ? credits[PROVIDERS.indexOf(provider)]?.data?.credit.amount : undefined

  const form = useAppForm({
    defaultValues,
    validationLogic: submitThenChange(),
    onSubmit: async ({ value, formApi }) => {
      setAlert(undefined)
      const credit = normaliseCredit(value.credit, limits)
      // The validators refused both cases already; this only narrows the types.
      if (!value.provider || credit === undefined) return
      try {
        const order = await create.mutateAsync({
          params: { header: { 'Idempotency-Key': key } },
          body: { provider: value.provider, bankAccountId: account.id, credit },
        })
        renew()
        void invalidateAfterWithdraw(queryClient)
        onCreated(order)
      } catch (error) {
        if (isFinalAnswer(error)) renew()
        // The order, the credit or the account changed under the form: the page refetches
        // them, and an open order or a missing account then replaces the form.
        if (isApiError(error) && error.status !== 0) void invalidateAfterWithdraw(queryClient)
        if (isApiError(error) && CREDIT_CODES.has(error.code)) {
          setServerFieldErrors(formApi, { credit: () => errorMessage(error) })
        } else {
          setAlert(error)
        }
      }
    },
  })

  const provider = useStore(form.store, (state) => state.values.provider)
  const typed = useStore(form.store, (state) => state.values.credit)
  const providerUsage = usageInForce(usage, provider)
  const withdrawAll = mustWithdrawAll(providerUsage)
  const allCredit = creditOf(provider)

  // Withdraw-all: the amount is the provider's whole credit, and follows it when it is
  // refetched (the player may have played meanwhile in another tab).
  useEffect(() => {
    if (withdrawAll && allCredit !== undefined && form.getFieldValue('credit') !== allCredit) {
      form.setFieldValue('credit', allCredit)
    }
  }, [form, withdrawAll, allCredit])

  /** Client rules first, then the quote (its 422 is the same refusal createWithdraw gives). */
  const validateCredit = async ({ value }: { value: string }) => {
    const inputIssue = checkCreditInput(value, limits)
    if (inputIssue) return () => ruleMessage(inputIssue)
    // Without a provider the rest cannot be checked; the provider field says what is missing.
    const chosen = form.getFieldValue('provider')
    if (!chosen) return undefined
    const submitting = form.state.isSubmitting
    let providerCredit: string
    try {
      const options = providerCreditQueryOptions(chosen)
      // Typing reads the credit on screen; a submit asks the server again (spec: always
      // refetched), so the last check is made on the credit as it is now.
      const answer = submitting
        ? await queryClient.fetchQuery(options)
        : await queryClient.ensureQueryData(options)
      providerCredit = answer.credit.amount
    } catch (error) {
      return () => errorMessage(error)
    }
    const context = { provider: chosen, providerCredit, limits, usage: usageInForce(usage, chosen) }
    const issue = checkWithdrawRules(value, context)
    if (issue) return () => ruleMessage(issue)
    const credit = normaliseCredit(value, limits)
    if (credit === undefined) return undefined
    try {
      const options = quoteWithdrawQueryOptions(chosen, credit)
      await (submitting ? queryClient.fetchQuery(options) : queryClient.ensureQueryData(options))
    } catch (error) {
      return () => errorMessage(error)
    }
    return undefined
  }

  const choices: ChoiceCard<Provider>[] = PROVIDERS.map((p, index) => {
    const query = credits[index]
    const amount = query?.data?.credit
    let detail: string
    if (amount) {
      detail = formatMoney(amount.amount, amount.currency)
      // Today's WITHDRAW conversion of the whole balance, only where no promotion changes the
      // split: there it is the quote's payout for the same credit (same rate, same rounding).
      const rateList = rates.data?.rates
      if (rateList && !usageInForce(usage, p)) {
        const payout = convertCurrency(amount.amount, amount.currency, 'WITHDRAW', rateList)
        detail += ` · ${m.withdraw_provider_payout_estimate({ amount: formatMoney(payout, 'LAK') })}`
      }
    } else if (query?.isError) {
      detail = m.withdraw_provider_credit_failed()
    } else {
      detail = m.withdraw_provider_credit_loading()
    }
    return { value: p, label: PROVIDER_NAMES[p], detail }
  })

  const currency = limits.withdraw.currency
  const bounds = m.withdraw_credit_limits({
    min: formatMoney(limits.withdraw.min, currency),
    max: formatMoney(limits.withdraw.max, currency),
  })

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={submitOnce(form)}>
      <form.AppField
        name="provider"
        validators={{
          onDynamic: ({ value }) => (value ? undefined : () => m.withdraw_provider_required()),
        }}
        listeners={{ onChange: () => renew() }}
      >
        {() => (
          <FormChoiceCards
            label={m.withdraw_provider_label()}
            choices={choices}
            columns="grid-cols-1 sm:grid-cols-2"
          />
        )}
      </form.AppField>

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

      <form.Field
        name="credit"
        validators={{
          onChangeListenTo: ['provider'],
          onChangeAsyncDebounceMs: QUOTE_DEBOUNCE_MS,
          onChangeAsync: validateCredit,
        }}
        listeners={{ onChange: () => renew() }}
      >
        {(field) => (
          <TextField
            name="credit"
            label={m.withdraw_credit_label({ currency })}
            inputMode="decimal"
            autoComplete="off"
            value={field.state.value}
            onChange={field.handleChange}
            onBlur={() => {
              // Shown back as read in the player's language (~/lib/amount-input).
              const shown = amountShownBack(field.state.value, currency)
              if (!withdrawAll && shown !== field.state.value) field.handleChange(shown)
              field.handleBlur()
            }}
            isReadOnly={withdrawAll}
            errorMessage={firstErrorText(field.state.meta.errors)}
            description={
              withdrawAll && providerUsage && allCredit !== undefined
                ? m.withdraw_all_reason({
                    promotion: providerUsage.promotionTitle,
                    amount: formatMoney(allCredit, currency),
                  })
                : bounds
            }
          />
        )}
      </form.Field>

      <form.Subscribe selector={(state) => state.fieldMeta.credit}>
        {(meta) => (
          <QuotePanel
            provider={provider}
            credit={normaliseCredit(typed, limits)}
            isValidating={meta?.isValidating ?? false}
            hasError={(meta?.errors.length ?? 0) > 0}
            onRetry={() => void form.validateField('credit', 'change')}
          />
        )}
      </form.Subscribe>

      <FormAlert message={alert === undefined ? undefined : errorMessage(alert)} />
      <form.AppForm>
        <form.SubmitButton>{m.withdraw_submit()}</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

type QuotePanelProps = {
  provider: Provider | null
  credit: string | undefined
  isValidating: boolean
  hasError: boolean
  onRetry: () => void
}

/**
 * The quote for what is on the form, read from the cache the credit validator fills (it never
 * fetches by itself, so the debounce stays the validator's). Its room is reserved, so the
 * button does not jump while figures come and go.
 */
function QuotePanel({ provider, credit, isValidating, hasError, onRetry }: QuotePanelProps) {
  const quote = useQuery({
    ...quoteWithdrawQueryOptions(provider ?? 'alphabet', credit ?? '0.00'),
    enabled: false,
  })
  const ready = provider !== null && credit !== undefined
  let body
  if (ready && isValidating) {
    body = (
      <p role="status" className="flex items-center gap-2 text-ink-muted">
        <Spinner className="size-5" />
        {m.withdraw_quote_calculating()}
      </p>
    )
  } else if (ready && quote.isError && !isRuleRefusal(quote.error)) {
    body = (
      <ErrorState
        title={m.withdraw_quote_failed()}
        message={errorMessage(quote.error)}
        onRetry={onRetry}
      />
    )
  } else if (ready && !hasError && quote.data) {
    body = <WithdrawFigures split={quote.data} />
  } else {
    body = <p className="text-ink-muted">{m.withdraw_quote_hint()}</p>
  }
  return (
    <section
      aria-labelledby="withdraw-quote-title"
      aria-live="polite"
      className="flex min-h-64 flex-col gap-3 rounded-xl border border-line bg-surface-raised p-4"
    >
      <h2 id="withdraw-quote-title" className="font-semibold">
        {m.withdraw_quote_title()}
      </h2>
      {body}
    </section>
  )
}

/** A 4xx of the quote is a rule's answer, already shown at the credit field. */
function isRuleRefusal(error: unknown) {
  return isApiError(error) && error.status >= 400 && error.status < 500
}
