// The contract's examples the deposit tests answer with (the mock serves the same).
import type { components } from '~generated/api/schema'
import type { ErrorBody } from '~/lib/api/error'
import { exampleOf } from '../../contract/spec'

type S = components['schemas']

export const agency = exampleOf<S['Agency']>('getAgencyInfo', '200')
export const rates = exampleOf<S['CurrencyRateList']>('listCurrencyRates', '200').rates
export const account = exampleOf<S['BankAccountList']>('listBankAccounts', '200').bankAccounts[0]!
export const banks = exampleOf<S['BankList']>('listBanks', '200').banks
export const openOrder = exampleOf<S['Deposit']>('createDeposit', '201', 'open')
export const laoQr = exampleOf<S['DepositLaoQr']>('getDepositLaoQr', '200', 'open')
export const paid = exampleOf<S['Deposit']>('checkDeposit', '200', 'paid')
export const notPaid = exampleOf<S['Deposit']>('checkDeposit', '200', 'notPaid')
export const canceled = exampleOf<S['Deposit']>('cancelDeposit', '200', 'canceled')
export const activeUsage = exampleOf<S['CurrentPromotion']>(
  'getCurrentPromotion',
  '200',
  'active',
).usage!
export const creditOf = (name: string) =>
  exampleOf<S['ProviderCredit']>('getProviderCredit', '200', name)
export const errorExample = (operationId: 'createDeposit', status: string, name: string) =>
  exampleOf<ErrorBody>(operationId, status, name)
