// Contract tag `bank`: the accepted banks and the player's bank account.
import { useQueryClient } from '@tanstack/react-query'
import { $api, invalidateOperations } from './client'

/** The player's bank account (at most one). */
export const bankAccountsQueryOptions = () =>
  $api.queryOptions('get', '/v2/players/bank-accounts', {})

/** The accepted banks (choices of the bank form). */
export const banksQueryOptions = () => $api.queryOptions('get', '/v2/banks', {})

/**
 * Adds the player's one bank account. Afterwards the account list and players info (which
 * carries `bankAccounts`) are fetched again, so deposit, withdraw, promotions and the player
 * info show the new account at once.
 */
export function useAddBankAccountMutation() {
  const queryClient = useQueryClient()
  return $api.useMutation('post', '/v2/players/bank-accounts', {
    onSuccess: () => invalidateOperations(queryClient, 'listBankAccounts', 'getPlayerInfo'),
  })
}
