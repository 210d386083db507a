import { useState } from 'react'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { submitOnce } from '~/widgets/submit-once'
import { useCreateDepositMutation } from '~/lib/api/deposit'
import { errorMessages } from '~/domain/error-messages'
import { amountShownBack } from '~/domain/amount-input'
import { formatMoney, formatRate } from '~/domain/format'
import { useRetryAfter } from '~/lib/retry-after'
import { PROVIDER_NAMES, type Provider } from '~/lib/game-catalogue'
import { compareMoney, convertCurrency, type Currency } from '~/domain/money'
import { useKeyedSubmit } from '~/widgets/keyed-submit'
import { useProviderCredits } from '~/widgets/use-provider-credits'
import { useProviderCredit } from '~/widgets/provider-credits'
import { placeServerErrors } from '~/widgets/server-errors'
import { ServerAlert } from '~/widgets/server-alert'
import { BankMark } from '~/widgets/bank-account-summary'
import { submitThenChange, useAppForm } from '~/ui/form'
import { FormChoiceCards } from '~/ui/form-choice-cards'
import { FormAlert } from '~/ui/form-alert'
import {
  amountError,
  normalizeAmount,
  validateDepositForm,
  type AmountRules,
  type DepositFormValues,
} from './deposit-validation'

type Agency = components['schemas']['Agency']
type Bank = components['schemas']['Bank']
type BankAccount = components['schemas']['BankAccount']
type CurrencyRate = components['schemas']['CurrencyRate']
type Deposit = components['schemas']['Deposit']
type PromotionUsage = components['schemas']['PromotionUsage']

const FIELDS: readonly string[] = ['provider', 'bankAccountId', 'amount', 'mid']

export type DepositFormProps = {
  agency: Agency
  account: BankAccount
  bank: Bank | undefined
  rates: readonly CurrencyRate[]
  /** The promotion in force (ACTIVE or USED), or null. */
  usage: PromotionUsage | null
  onCreated: (order: Deposit) => void
}

/** The provider credit that decides the promotion rule, once it is known. */
function creditAtOrAbove(credit: string | undefined, threshold: string) {
  return credit !== undefined && compareMoney(credit, threshold) >= 0
}

/**
 * With a promotion in force, the credit of the promotion's provider must be below its
 * threshold: whether it is not (the form is blocked) and the message that says why.
 */
function usePromotionBlock(usage: PromotionUsage | null) {
  // The promotion's threshold is checked against the credit of the promotion's provider.
  const usageCredit = useProviderCredit(usage?.provider)
  if (!usage || !usageCredit || !creditAtOrAbove(usageCredit.amount, usage.terms.creditThreshold))
    return undefined
  return errorMessages.PROMOTION_CREDIT_USED({
    provider: usage.provider,
    credit: usageCredit.amount,
    threshold: usage.terms.creditThreshold,
    currency: usageCredit.currency,
  })
}

/**
 * One card per provider with its credit, a fixed-width placeholder while it loads. The cards
 * follow the four credits themselves: the form above them drew once, not once per answer
 * (a redraw of the whole form is a long task on a phone).
 */
function ProviderCards() {
  const credits = useProviderCredits()
  return (
    <FormChoiceCards<Provider>
      label={m.deposit_field_provider()}
      columns="grid-cols-2 md:grid-cols-4"
      choices={credits.all.map(({ provider, credit }) => ({
        value: provider,
        label: PROVIDER_NAMES[provider],
        detail: credit
          ? m.deposit_provider_credit({ amount: formatMoney(credit.amount, credit.currency) })
          : '…',
      }))}
    />
  )
}

/** The player's one bank account as the card it pays from. */
function accountChoice(account: BankAccount, bank: Bank | undefined) {
  return {
    value: account.id,
    label: bank?.name ?? account.bankCode.toUpperCase(),
    detail: `${account.accountNumberMasked} · ${account.accountName}`,
    mark: <BankMark bank={bank} code={account.bankCode} />,
  }
}

/** Why the amount is set: the promotion in force and its deposit amount. */
function PromotionNotice({ usage, currency }: { usage: PromotionUsage; currency: Currency }) {
  return (
    <p className="rounded-lg border border-accent/60 bg-accent/10 px-3 py-2 text-sm">
      {m.deposit_promotion_notice({
        title: usage.promotionTitle,
        amount: formatMoney(usage.terms.depositAmount, currency),
      })}
    </p>
  )
}

/**
 * The credit the typed amount buys in the provider's currency (the agency's display currency
 * until the chosen provider's credit says), at the agency's rate.
 */
function CreditPreview(props: {
  amount: string
  provider: Provider | null
  limits: AmountRules['limits']
  displayCurrency: Currency
  rates: readonly CurrencyRate[]
}) {
  const { amount, provider, limits, displayCurrency, rates } = props
  const currency: Currency = useProviderCredit(provider)?.currency ?? displayCurrency
  const amountOk = amountError(amount, { limits }) === undefined
  const bought = convertCurrency(
    amountOk ? normalizeAmount(amount, limits.currency) : '0',
    currency,
    'DEPOSIT',
    rates,
  )
  const sell = rates.find((r) => r.currency === currency)?.sell
  return (
    <div className="rounded-lg border border-line bg-surface-raised px-3 py-2" aria-live="polite">
      <p className="text-sm text-ink-muted">{m.deposit_preview_label()}</p>
      <p className="text-xl font-bold tabular-nums">{formatMoney(bought, currency)}</p>
      {sell && (
        <p className="text-xs text-ink-muted">
          {m.deposit_preview_note({ currency, rate: formatRate(sell, 'LAK') })}
        </p>
      )}
    </div>
  )
}

/**
 * The new-deposit form (spec sections 3 and 5): provider with its credit (always refetched),
 * the player's bank account, the amount in LAK within the agency's bounds with the credit it
 * buys, and the payment channel (MID). With a promotion in force the amount is its set amount
 * (prefilled, and said why) and the provider credit must be below its threshold.
 */
export function DepositForm({ agency, account, bank, rates, usage, onCreated }: DepositFormProps) {
  const [alert, setAlert] = useState<unknown>()
  // A 429's Retry-After: counted down in the alert, the submit disabled meanwhile.
  const secondsLeft = useRetryAfter(alert)
  const create = useCreateDepositMutation()
  const keyed = useKeyedSubmit()

  const limits = agency.limits.deposit
  const rules: AmountRules = { limits, promotionAmount: usage?.terms.depositAmount }
  const options = agency.currencyOptions

  const blockMessage = usePromotionBlock(usage)
  const blockedByPromotion = blockMessage !== undefined

  const form = useAppForm({
    defaultValues: {
      provider: usage?.provider ?? null,
      bankAccountId: account.id,
      amount: usage?.terms.depositAmount ?? '',
      mid: options.length === 1 ? (options[0]?.mid ?? null) : null,
    } as DepositFormValues,
    validationLogic: submitThenChange(),
    validators: {
      onDynamic: ({ value }) => {
        const fields = validateDepositForm(value, rules)
        return Object.keys(fields).length ? { fields } : undefined
      },
    },
    onSubmit: async ({ value, formApi }) => {
      setAlert(undefined)
      if (blockedByPromotion) return
      const { provider, bankAccountId, mid } = value
      if (!provider || !bankAccountId || !mid) return
      const body = {
        provider,
        bankAccountId,
        amount: normalizeAmount(value.amount, limits.currency),
        mid,
      }
      const sent = await keyed.submit(body, (key) =>
        create.mutateAsync({ params: { header: { 'Idempotency-Key': key } }, body }),
      )
      if (sent.state === 'done') onCreated(sent.data)
      if (sent.state === 'failed') setAlert(placeServerErrors(formApi, sent.error, FIELDS))
    },
  })

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={submitOnce(form)}>
      {usage && <PromotionNotice usage={usage} currency={limits.currency} />}
      <form.AppField name="provider">{() => <ProviderCards />}</form.AppField>
      <form.AppField name="bankAccountId">
        {() => (
          <FormChoiceCards<string>
            label={m.deposit_field_bank()}
            columns="grid-cols-1"
            choices={[accountChoice(account, bank)]}
          />
        )}
      </form.AppField>
      <form.AppField name="amount">
        {(field) => (
          <field.TextField
            label={m.deposit_field_amount({ currency: limits.currency })}
            description={m.deposit_amount_hint({
              min: formatMoney(limits.min, limits.currency),
              max: formatMoney(limits.max, limits.currency),
            })}
            autoComplete="off"
            spellCheck="false"
            inputMode="numeric"
            showBack={(typed) => amountShownBack(typed, limits.currency)}
          />
        )}
      </form.AppField>
      {/* The preview follows the amount and the provider itself: a key typed draws it and
          the amount field, not the whole form with its cards (decision 020). */}
      <form.Subscribe selector={(state) => state.values}>
        {({ amount, provider }) => (
          <CreditPreview
            amount={amount}
            provider={provider}
            limits={limits}
            displayCurrency={agency.displayCurrency}
            rates={rates}
          />
        )}
      </form.Subscribe>
      <form.AppField name="mid">
        {() => (
          <FormChoiceCards<string>
            label={m.deposit_field_mid()}
            columns="grid-cols-1 sm:grid-cols-2"
            choices={options.map((option) => ({
              value: option.mid,
              label: option.displayName,
              detail: `${option.code} · ${option.mid} · ${option.currency}`,
            }))}
          />
        )}
      </form.AppField>
      {blockedByPromotion ? (
        <FormAlert message={blockMessage} />
      ) : (
        <ServerAlert error={alert} secondsLeft={secondsLeft} />
      )}
      <form.AppForm>
        <form.SubmitButton isDisabled={blockedByPromotion || secondsLeft > 0}>
          {m.deposit_submit()}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
