import type { components } from '~generated/api/schema'
import * as rules from '~generated/api/rules'
import { zAccountNumber } from '~generated/zod/zod.gen'
import { m } from '~generated/paraglide/messages'
import type { ErrorText } from '~/ui/form'

type BankCode = components['schemas']['BankCode']
type Currency = components['schemas']['Currency']

/** What the form holds; the currency is the chosen bank's (the contract's banks are all LAK). */
export type BankFormValues = {
  bankCode: BankCode | null
  currency: Currency
  accountNumber: string
  accountName: string
  owner: string
}

export const BANK_FORM_FIELDS: readonly string[] = [
  'bankCode',
  'currency',
  'accountNumber',
  'accountName',
  'owner',
] satisfies (keyof BankFormValues)[]

/**
 * The account number's digit bounds as the contract's pattern states them (`^[0-9]{8,20}$`),
 * read from the contract's rules so the hint and the message never restate them.
 */
export function accountNumberBounds(): { min: number; max: number } {
  const [, min = '', max = ''] = /\{(\d+),(\d+)\}/.exec(rules.AccountNumber.pattern) ?? []
  return { min: Number(min), max: Number(max) }
}

const NAME_MAX = rules.BankAccountCreate.accountName.maxLength
const OWNER_MAX = rules.BankAccountCreate.owner.maxLength

/** Angle brackets are never part of a name; refusing them keeps pasted markup out. */
const MARKUP = /[<>]/

function nameError(value: string, max: number, required: () => string): ErrorText | undefined {
  if (value.trim() === '') return required
  if (MARKUP.test(value)) return () => m.bank_validation_markup()
  if (value.length > max) return () => m.bank_validation_too_long({ max })
  return undefined
}

/**
 * The rules of spec section 5 the browser can check (bank, account number valid, account
 * name and owner required), each with its message; the server checks the rest (only LAK,
 * one per player, duplicates, wallet or simulated accounts, account used).
 */
export function validateBankForm(values: BankFormValues): Record<string, ErrorText> {
  const errors: Record<string, ErrorText> = {}
  if (!values.bankCode) errors.bankCode = () => m.bank_validation_bank_required()
  if (values.accountNumber === '') {
    errors.accountNumber = () => m.bank_validation_account_number_required()
  } else if (!zAccountNumber.safeParse(values.accountNumber).success) {
    errors.accountNumber = () => m.bank_validation_account_number_digits(accountNumberBounds())
  }
  const name = nameError(values.accountName, NAME_MAX, () =>
    m.bank_validation_account_name_required(),
  )
  if (name) errors.accountName = name
  const owner = nameError(values.owner, OWNER_MAX, () => m.bank_validation_owner_required())
  if (owner) errors.owner = owner
  return errors
}

/** A form-level validator for TanStack Form (`validators.onDynamic`). */
export function bankFormValidator({ value }: { value: BankFormValues }) {
  const fields = validateBankForm(value)
  return Object.keys(fields).length ? { fields } : undefined
}
