import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '~generated/api/schema'
import { readCredit } from '~/widgets/provider-credits'
import { useRateLimitedCheck } from '~/widgets/rate-limited-check'
import { providerCreditQueryOptions } from '~/lib/api/credits'
import { quoteWithdrawQueryOptions } from '~/lib/api/withdraw'
import type { Provider } from '~/lib/game-catalogue'
import type { ErrorText } from '~/ui/form'
import {
  checkCreditInput,
  checkWithdrawRules,
  normaliseCredit,
  ruleMessage,
  usageInForce,
} from '~/domain/withdraw-rules'

type AgencyLimits = components['schemas']['AgencyLimits']
type PromotionUsage = components['schemas']['PromotionUsage']

/**
 * Pause in typing before the quote is asked: one call per pause, not per key (the same pause
 * as the username check, for the same reasons).
 */
export const QUOTE_DEBOUNCE_MS = 400

type CreditCheck = {
  value: string
  provider: Provider | null
  /** A submit asks the server again (spec: credit always refetched); typing reads the cache. */
  submitting: boolean
}

/**
 * The quote of a withdrawal, owned in one place: the credit field's check (run after
 * `QUOTE_DEBOUNCE_MS`) asks for it and fills the cache, the panel reads that cache
 * (`useCachedQuote`). The check is the client's rules first, then the quote, whose 422 is the
 * same refusal createWithdraw gives. A 429 is counted down at the field and no quote is asked
 * until its Retry-After has passed (`rateLimit`, for the form's `RateLimitedCheckStatus`, which
 * then checks again).
 */
export function useQuoteCheck(limits: AgencyLimits, usage: PromotionUsage | null) {
  const queryClient = useQueryClient()
  const rateLimit = useRateLimitedCheck()
  const check = async ({
    value,
    provider,
    submitting,
  }: CreditCheck): Promise<ErrorText | undefined> => {
    const inputIssue = checkCreditInput(value, limits)
    if (inputIssue) return () => ruleMessage(inputIssue)
    // Without a provider the rest cannot be checked; the provider field says what is missing.
    if (!provider) return undefined
    let providerCredit: string
    try {
      const options = providerCreditQueryOptions(provider)
      const answer = submitting
        ? await queryClient.fetchQuery(options)
        : await queryClient.ensureQueryData(options)
      providerCredit = readCredit(answer).amount
    } catch (error) {
      return rateLimit.failed(error)
    }
    const context = { provider, providerCredit, limits, usage: usageInForce(usage, provider) }
    const issue = checkWithdrawRules(value, context)
    if (issue) return () => ruleMessage(issue)
    const credit = normaliseCredit(value, limits)
    if (credit === undefined) return undefined
    // The client's own rules still answer at once; only the quote waits for Retry-After.
    const waiting = rateLimit.waiting()
    if (waiting) return waiting
    try {
      const options = quoteWithdrawQueryOptions(provider, credit)
      await (submitting ? queryClient.fetchQuery(options) : queryClient.ensureQueryData(options))
    } catch (error) {
      return rateLimit.failed(error)
    }
    return undefined
  }
  return { check, rateLimit }
}

/** The quote the check asked for this (provider, credit), from the cache; never fetched here. */
export function useCachedQuote(provider: Provider, credit: string) {
  return useQuery({ ...quoteWithdrawQueryOptions(provider, credit), enabled: false })
}

/**
 * The quote the panel shows for (provider, credit), for the order to carry its quoteId: from
 * the cache the submit's check has just filled, asked again only if it holds none.
 */
export function useShownQuote() {
  const queryClient = useQueryClient()
  return (provider: Provider, credit: string) =>
    queryClient.ensureQueryData(quoteWithdrawQueryOptions(provider, credit))
}
