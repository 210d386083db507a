// Contract tag `bank`: the accepted banks and the player's bank account.
import { $api } from './client'

/** The player's bank account (at most one). */
export const bankAccountsQueryOptions = () =>
  $api.queryOptions('get', '/v2/players/bank-accounts', {})

/** The accepted banks (choices of the bank form). */
export const banksQueryOptions = () => $api.queryOptions('get', '/v2/banks', {})
