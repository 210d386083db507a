import { useState } from 'react'
import type { components } from '~generated/api/schema'
import { zBankAccountCurrency } from '~generated/zod/zod.gen'
import { m } from '~generated/paraglide/messages'
import { submitOnce } from '~/widgets/submit-once'
import { useAddBankAccountMutation } from '~/lib/api/bank'
import { useRetryAfter } from '~/lib/retry-after'
import { useKeyedSubmit } from '~/widgets/keyed-submit'
import { placeServerErrors } from '~/widgets/server-errors'
import { ServerAlert } from '~/widgets/server-alert'
import { BankMark } from '~/widgets/bank-account-summary'
import { submitThenChange, useAppForm } from '~/ui/form'
import { FormChoiceCards } from '~/ui/form-choice-cards'
import { firstErrorText } from '~/ui/form-fields'
import { TextField } from '~/ui/text-field'
import { showToast } from '~/ui/toast'
import {
  accountNumberBounds,
  BANK_FORM_FIELDS,
  bankFormValidator,
  type BankFormValues,
} from './bank-validation'

type Bank = components['schemas']['Bank']
type BankCode = components['schemas']['BankCode']

/**
 * The one bank account's form (spec sections 3 and 5): bank, currency (LAK, shown, not a
 * choice), account number, account name and owner. Input is kept on a refusal.
 */
export function BankAccountForm({ banks }: { banks: readonly Bank[] }) {
  const [alert, setAlert] = useState<unknown>()
  // A 429's Retry-After: counted down in the alert, the submit disabled meanwhile.
  const secondsLeft = useRetryAfter(alert)
  // Added: the page swaps the form for the account once the list is fetched again; until
  // then a second press must not send the same account again.
  const [added, setAdded] = useState(false)
  const add = useAddBankAccountMutation()
  const keyed = useKeyedSubmit()
  const bounds = accountNumberBounds()

  const form = useAppForm({
    defaultValues: {
      bankCode: null,
      // Shown, not chosen: the currency every accepted bank has in the contract (LAK).
      currency: banks[0]?.currency ?? zBankAccountCurrency.options[0],
      accountNumber: '',
      accountName: '',
      owner: '',
    } as BankFormValues,
    validationLogic: submitThenChange(),
    validators: { onDynamic: bankFormValidator },
    onSubmit: async ({ value, formApi }) => {
      if (added) return
      setAlert(undefined)
      const bank = banks.find((b) => b.code === value.bankCode)
      if (!bank) return
      const body = {
        bankCode: bank.code,
        currency: value.currency,
        accountNumber: value.accountNumber,
        accountName: value.accountName.trim(),
        owner: value.owner.trim(),
      }
      const sent = await keyed.submit(body, (key) =>
        add.mutateAsync({ params: { header: { 'Idempotency-Key': key } }, body }),
      )
      if (sent.state === 'busy') return
      if (sent.state === 'failed') {
        // Account used, wallet account, unknown account at the number; not LAK at the currency.
        setAlert(placeServerErrors(formApi, sent.error, BANK_FORM_FIELDS))
        return
      }
      setAdded(true)
      showToast({ title: m.bank_added(), tone: 'success' })
    },
  })

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={submitOnce(form)}>
      <form.AppField name="bankCode">
        {() => (
          <FormChoiceCards<BankCode>
            label={m.bank_field_bank()}
            columns="grid-cols-1 sm:grid-cols-2"
            choices={banks.map((bank) => ({
              value: bank.code,
              label: bank.name,
              detail: bank.shortName,
              mark: <BankMark bank={bank} code={bank.code} />,
            }))}
          />
        )}
      </form.AppField>
      <form.Field name="currency">
        {(field) => (
          <TextField
            name={field.name}
            label={m.bank_field_currency()}
            value={field.state.value === 'LAK' ? m.bank_currency_lak() : field.state.value}
            isReadOnly
            description={m.bank_currency_lak_only()}
            errorMessage={firstErrorText(field.state.meta.errors)}
          />
        )}
      </form.Field>
      <form.AppField name="accountNumber">
        {(field) => (
          <field.TextField
            label={m.bank_field_account_number()}
            description={m.bank_account_number_hint(bounds)}
            autoComplete="off"
            spellCheck="false"
          />
        )}
      </form.AppField>
      <form.AppField name="accountName">
        {(field) => (
          <field.TextField
            label={m.bank_field_account_name()}
            description={m.bank_account_name_hint()}
            autoCapitalize="characters"
            spellCheck="false"
          />
        )}
      </form.AppField>
      <form.AppField name="owner">
        {(field) => (
          <field.TextField
            label={m.bank_field_owner()}
            description={m.bank_owner_hint()}
            autoComplete="name"
            autoCapitalize="words"
            spellCheck="false"
          />
        )}
      </form.AppField>
      <ServerAlert error={alert} secondsLeft={secondsLeft} />
      <form.AppForm>
        <form.SubmitButton isLoading={added} isDisabled={secondsLeft > 0}>
          {m.bank_submit()}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
