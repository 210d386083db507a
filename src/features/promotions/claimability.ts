import { useQuery } from '@tanstack/react-query'
import { queriesState, staleOf, type QueryFailure } from '~/lib/query-state'
import type { components } from '~generated/api/schema'
import { bankAccountsQueryOptions } from '~/lib/api/bank'
import { openDepositsQueryOptions } from '~/lib/api/deposit'
import { currentPromotionQueryOptions, promotionBlockingQueryOptions } from '~/lib/api/promotions'

export type Promotion = components['schemas']['Promotion']
export type PromotionUsage = components['schemas']['PromotionUsage']

/** What the site knows about the player that decides whether a promotion can be claimed. */
export type ClaimFacts = {
  blocked: boolean
  /** The agency's reason when blocked (free text from the server, shown as sent). */
  blockedReason: string | null
  hasBankAccount: boolean
  /** The usage in force (ACTIVE or USED), if any. */
  current: PromotionUsage | null
  hasOpenDepositOrder: boolean
}

/** Why a promotion cannot be claimed now, the first rule that fails (spec sections 5 and 6). */
export type ClaimBlock =
  'blocked' | 'in_use' | 'one_at_a_time' | 'inactive' | 'needs_bank' | 'open_order'

/**
 * The rules the site can check before sending anything, in the order a player can act on
 * them: a block by the agency says everything; the one promotion in force (this one or
 * another) comes before what the player could fix (a bank account, an open deposit). The
 * server still decides what the site cannot see (first order only, already used): those
 * answers come back as error codes from the claim.
 */
export function claimBlock(promotion: Promotion, facts: ClaimFacts): ClaimBlock | null {
  if (facts.blocked) return 'blocked'
  if (facts.current) {
    return facts.current.promotionId === promotion.id ? 'in_use' : 'one_at_a_time'
  }
  if (!promotion.active) return 'inactive'
  if (!facts.hasBankAccount) return 'needs_bank'
  if (facts.hasOpenDepositOrder) return 'open_order'
  return null
}

export type ClaimFactsState =
  | { status: 'pending' }
  | ({ status: 'error' } & QueryFailure)
  | { status: 'ready'; facts: ClaimFacts; stale: QueryFailure | undefined }

/**
 * The four reads behind ClaimFacts (shared data layer: blocking, bank account, the usage in
 * force, open deposit orders). One failing read makes the whole state an error with one retry
 * for the failed ones: a claim button must never show on a guess.
 */
export function useClaimFacts(): ClaimFactsState {
  const blocking = useQuery(promotionBlockingQueryOptions())
  const bank = useQuery(bankAccountsQueryOptions())
  const current = useQuery(currentPromotionQueryOptions())
  const open = useQuery(openDepositsQueryOptions())
  const state = queriesState([blocking, bank, current, open])
  if (state.status === 'failed') return { ...state, status: 'error' }
  if (!blocking.data || !bank.data || !current.data || !open.data) return { status: 'pending' }
  return {
    status: 'ready',
    // Facts the player saw before a refetch failed stay (the server refuses a stale claim).
    stale: staleOf(state),
    facts: {
      blocked: blocking.data.blocked,
      blockedReason: blocking.data.reason,
      hasBankAccount: bank.data.bankAccounts.length > 0,
      current: current.data.usage,
      hasOpenDepositOrder: open.data.deposits.length > 0,
    },
  }
}
