// The first-load experiment's deposit, as the goals let a logged-in page have it: the form stack of
// src/form-stack-login.tsx (react-aria-components, TanStack Form, a zod schema) drawing
// deposit's form from the answers of deposit's first calls (src/deposit-calls.ts): the four
// providers with their credits, the bank account it pays from, the amount within the
// agency's bounds, the payment channel. No stylesheet, fonts, layout, router tree, messages
// module or overlays of the site's: what deposit's data and form need, and nothing else.
import { useForm } from '@tanstack/react-form'
import { useDeferredValue } from 'react'
import { useQueries, useQuery } from '@tanstack/react-query'
import {
  Button,
  FieldError,
  Form,
  Input,
  Label,
  Radio,
  RadioGroup,
  Text,
  TextField,
} from 'react-aria-components'
import * as z from 'zod/mini'
import { BODY_CALLS, PROVIDER_NAMES, PROVIDERS, type Provider } from './deposit-calls'
import { answer, type CallPath, creditPath } from './first-calls'
import { fill, firstError, money } from './texts'

/**
 * The site's Lao messages this page shows (messages/lo.json), copied: imported from the JSON,
 * the build would put every experiment page's messages in one chunk each page loads.
 * tests/bench/deposit-calls.test.ts holds them equal to the site's.
 */
export const MESSAGES = {
  page_title_deposit: 'ຝາກເງິນ',
  layout_loading: 'ກຳລັງໂຫຼດ…',
  list_load_failed: 'ໂຫຼດຂໍ້ມູນບໍ່ສຳເລັດ',
  error_try_again: 'ລອງໃໝ່',
  deposit_field_provider: 'ຜູ້ໃຫ້ບໍລິການເກມ',
  deposit_provider_credit: 'ເຄຣດິດ {amount}',
  deposit_field_bank: 'ຈ່າຍຈາກບັນຊີ',
  deposit_field_amount: 'ຈຳນວນເງິນ ({currency})',
  deposit_amount_hint: 'ຕັ້ງແຕ່ {min} ຫາ {max}, ເປັນຈຳນວນເຕັມ',
  deposit_validation_amount_required: 'ກະລຸນາປ້ອນຈຳນວນເງິນ',
  deposit_validation_amount_whole: 'ກະລຸນາປ້ອນເປັນຈຳນວນເຕັມ {currency}, ບໍ່ມີທົດສະນິຍົມ',
  deposit_validation_amount_min: 'ຝາກຂັ້ນຕ່ຳ {min}',
  deposit_validation_amount_max: 'ຝາກສູງສຸດ {max}',
  deposit_field_mid: 'ຊ່ອງທາງຊຳລະ',
  deposit_submit: 'ສ້າງ QR ຝາກເງິນ',
  deposit_no_bank_title: 'ກະລຸນາເພີ່ມບັນຊີທະນາຄານກ່ອນ',
}
const M = MESSAGES
const TEXT = {
  title: M.page_title_deposit,
  loading: M.layout_loading,
  failed: M.list_load_failed,
  retry: M.error_try_again,
  provider: M.deposit_field_provider,
  credit: (amount: string) => fill(M.deposit_provider_credit, { amount }),
  bank: M.deposit_field_bank,
  amount: fill(M.deposit_field_amount, { currency: 'LAK' }),
  hint: (min: string, max: string) => fill(M.deposit_amount_hint, { min, max }),
  required: M.deposit_validation_amount_required,
  whole: fill(M.deposit_validation_amount_whole, { currency: 'LAK' }),
  min: (min: string) => fill(M.deposit_validation_amount_min, { min }),
  max: (max: string) => fill(M.deposit_validation_amount_max, { max }),
  mid: M.deposit_field_mid,
  submit: M.deposit_submit,
  noAccount: M.deposit_no_bank_title,
}

/** A call's query: the answer started with the entry, the call itself after. */
const call = <P extends CallPath>(path: P) => ({ queryKey: [path], queryFn: () => answer(path) })
const useCall = <P extends CallPath>(path: P) => useQuery(call(path))

/** One provider's credit, drawn by itself as its answer comes (as the site's cards are). */
function ProviderCredit({ provider }: { provider: Provider }) {
  const { data } = useCall(creditPath(provider))
  // A line of its own, its height set: the answer (Lao script, a taller line in its fallback
  // font) takes the placeholder's place and moves nothing below it, as the site's card does.
  return (
    <Text slot="description" style={{ display: 'block', height: '1.75em' }}>
      {data ? TEXT.credit(money(data.credit.amount, data.credit.currency)) : '…'}
    </Text>
  )
}

type Limits = { min: string; max: string }

const ONE_LINE = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const

/** The amount's rules (whole kip within the agency's bounds), exact: BigInt, no floats. */
const amountSchema = ({ min, max }: Limits) =>
  z.object({
    amount: z.string().check(
      z.minLength(1, TEXT.required),
      z.regex(/^\d+$/, TEXT.whole),
      z.refine((v) => !/^\d+$/.test(v) || BigInt(v) >= BigInt(min), TEXT.min(money(min, 'LAK'))),
      z.refine((v) => !/^\d+$/.test(v) || BigInt(v) <= BigInt(max), TEXT.max(money(max, 'LAK'))),
    ),
    provider: z.string(),
    mid: z.string(),
  })

function DepositForm(props: {
  limits: Limits
  account: { label: string; detail: string }
  channels: { mid: string; displayName: string }[]
}) {
  const { limits, account, channels } = props
  const form = useForm({
    defaultValues: { amount: '', provider: 'askmebet', mid: channels[0]?.mid ?? '' },
    validators: { onSubmit: amountSchema(limits) },
  })
  return (
    <Form
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <form.Field name="provider">
        {(field) => (
          <RadioGroup value={field.state.value} onChange={field.handleChange}>
            <Label>{TEXT.provider}</Label>
            {PROVIDERS.map((provider) => (
              <Radio key={provider} value={provider}>
                {PROVIDER_NAMES[provider]} <ProviderCredit provider={provider} />
              </Radio>
            ))}
          </RadioGroup>
        )}
      </form.Field>
      <section>
        <h2>{TEXT.bank}</h2>
        {/* One line each, as the site's card: the bank's name, drawn when its answer comes
            in place of the bank's code, moves nothing below it. */}
        <p style={ONE_LINE}>{account.label}</p>
        <p style={ONE_LINE}>{account.detail}</p>
      </section>
      <form.Field name="amount">
        {(field) => {
          const error = firstError(field.state.meta.errors)
          return (
            <TextField
              name="amount"
              inputMode="numeric"
              autoComplete="off"
              value={field.state.value}
              onChange={field.handleChange}
              onBlur={field.handleBlur}
              isInvalid={error !== undefined}
            >
              <Label>{TEXT.amount}</Label>
              <Input />
              <Text slot="description">
                {TEXT.hint(money(limits.min, 'LAK'), money(limits.max, 'LAK'))}
              </Text>
              <FieldError>{error}</FieldError>
            </TextField>
          )
        }}
      </form.Field>
      <form.Field name="mid">
        {(field) => (
          <RadioGroup value={field.state.value} onChange={field.handleChange}>
            <Label>{TEXT.mid}</Label>
            {channels.map((channel) => (
              <Radio key={channel.mid} value={channel.mid}>
                {channel.displayName}
              </Radio>
            ))}
          </RadioGroup>
        )}
      </form.Field>
      <Button type="submit">{TEXT.submit}</Button>
    </Form>
  )
}

export function DepositCallsPage() {
  // The body waits for the five that decide it, as the site's deposit does
  // (src/features/deposit/deposit-page.tsx); the name and the bank's name come as they come.
  const calls = useQueries({ queries: BODY_CALLS.map(call) })
  // Some of the same queries read with their answers' types (one cache key each: no second call).
  const agency = useCall('/v2/agency/info')
  const player = useCall('/v2/players/info')
  const accounts = useCall('/v2/players/bank-accounts')
  const banks = useCall('/v2/banks')
  const failed = calls.filter((c) => c.isError)
  const ready = calls.every((c) => c.isSuccess)
  // The form follows the answers at a transition's priority, so React draws it in slices with
  // the browser's turns between them, as the site draws its pages (src/main.tsx).
  const showForm = useDeferredValue(ready)
  let body
  if (failed.length) {
    body = (
      <div role="alert">
        <p>{TEXT.failed}</p>
        <Button onPress={() => failed.forEach((c) => void c.refetch())}>{TEXT.retry}</Button>
      </div>
    )
  } else if (!showForm || !agency.data || !accounts.data) {
    body = <p>{TEXT.loading}</p>
  } else {
    const account = accounts.data.bankAccounts[0]
    const bank = banks.data?.banks.find((b) => b.code === account?.bankCode)
    body = account ? (
      <DepositForm
        limits={agency.data.limits.deposit}
        account={{
          label: bank?.name ?? account.bankCode,
          detail: `${account.accountNumberMasked} · ${account.accountName}`,
        }}
        channels={agency.data.currencyOptions}
      />
    ) : (
      <p>{TEXT.noAccount}</p>
    )
  }
  return (
    <main lang="lo">
      <p>{player.data?.player.displayName ?? '…'}</p>
      <h1>{TEXT.title}</h1>
      {body}
    </main>
  )
}
