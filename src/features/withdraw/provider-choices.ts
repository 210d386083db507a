import { useQuery } from '@tanstack/react-query'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { useProviderCredits, type ProviderCredits } from '~/widgets/use-provider-credits'
import { currencyRatesQueryOptions } from '~/lib/api/rates'
import { formatMoney } from '~/domain/format'
import { PROVIDER_NAMES, type Provider } from '~/lib/game-catalogue'
import { convertCurrency } from '~/domain/money'
import type { ChoiceCard } from '~/ui/choice-cards'
import { usageInForce } from '~/domain/withdraw-rules'

type PromotionUsage = components['schemas']['PromotionUsage']

/**
 * The provider cards of the withdraw form: each provider's credit (always refetched) and,
 * where no promotion changes the split, today's WITHDRAW conversion of the whole balance (the
 * quote's payout for the same credit: same rate, same rounding).
 */
export function useProviderChoices(usage: PromotionUsage | null): {
  choices: ChoiceCard<Provider>[]
  credits: ProviderCredits
} {
  const credits = useProviderCredits()
  const rates = useQuery(currencyRatesQueryOptions())
  const choices = credits.all.map(({ provider, credit, isError }) => {
    let detail: string
    if (credit) {
      detail = formatMoney(credit.amount, credit.currency)
      const rateList = rates.data?.rates
      if (rateList && !usageInForce(usage, provider)) {
        const payout = convertCurrency(credit.amount, credit.currency, 'WITHDRAW', rateList)
        detail += ` · ${m.withdraw_provider_payout_estimate({ amount: formatMoney(payout, 'LAK') })}`
      }
    } else if (isError) {
      detail = m.withdraw_provider_credit_failed()
    } else {
      detail = m.withdraw_provider_credit_loading()
    }
    return { value: provider, label: PROVIDER_NAMES[provider], detail }
  })
  return { choices, credits }
}
