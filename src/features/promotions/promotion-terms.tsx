import type { ReactNode } from 'react'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { formatDate, formatMoney, formatNumber } from '~/domain/format'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'

type PromotionTerms = components['schemas']['PromotionTerms']
type Provider = components['schemas']['Provider']

/**
 * The contract states every credit of a promotion in THB (`maxBonus`, `creditThreshold`,
 * `PromotionUsage`: "All credit is in THB") and set deposit amounts in LAK (`LakAmount`).
 */
export const CREDIT_CURRENCY = 'THB' as const
export const DEPOSIT_CURRENCY = 'LAK' as const

/** The terms a promotion and a usage share; a usage adds the credit threshold of its claim. */
export type TermsView = Omit<PromotionTerms, 'creditThreshold'> & { creditThreshold?: string }

type Validity = { startsAt: string; endsAt: string | null }

export const bonusText = (terms: Pick<TermsView, 'bonusPercent' | 'maxBonus'>) =>
  m.promotion_term_bonus_value({
    percent: terms.bonusPercent,
    max: formatMoney(terms.maxBonus, CREDIT_CURRENCY),
  })

export const turnoverText = (terms: Pick<TermsView, 'turnoverMultiplier'>) =>
  m.promotion_term_turnover_value({ multiplier: formatNumber(terms.turnoverMultiplier) })

/** `startsAt` to `endsAt` as DD/MM/YYYY; a null `endsAt` is "no end date" (contract). */
export function validityText({ startsAt, endsAt }: Validity) {
  return endsAt === null
    ? m.promotion_term_valid_from({ start: formatDate(startsAt) })
    : m.promotion_term_valid_range({ start: formatDate(startsAt), end: formatDate(endsAt) })
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 border-b border-line/60 py-2 last:border-b-0">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  )
}

type PromotionTermsListProps = {
  terms: TermsView
  providers?: readonly Provider[]
  validity?: Validity
}

/** Every term of a promotion or of a usage's claim, as label and value pairs. */
export function PromotionTermsList({ terms, providers, validity }: PromotionTermsListProps) {
  return (
    <dl className="text-sm">
      <Term label={m.promotion_term_deposit_amount()}>
        {formatMoney(terms.depositAmount, DEPOSIT_CURRENCY)}
      </Term>
      {terms.creditThreshold !== undefined && (
        <Term label={m.promotion_term_credit_threshold()}>
          {formatMoney(terms.creditThreshold, CREDIT_CURRENCY)}
        </Term>
      )}
      <Term label={m.promotion_term_bonus()}>{bonusText(terms)}</Term>
      <Term label={m.promotion_term_turnover()}>{turnoverText(terms)}</Term>
      <Term label={m.promotion_term_withdraw_all()}>
        {terms.withdrawAll ? m.promotion_term_required() : m.promotion_term_not_required()}
      </Term>
      <Term label={m.promotion_term_max_receive()}>
        {terms.maxReceivePercent === null
          ? m.promotion_term_no_cap()
          : m.promotion_term_max_receive_value({ percent: terms.maxReceivePercent })}
      </Term>
      <Term label={m.promotion_term_for()}>
        {terms.firstOrderOnly ? m.promotion_term_first_order_only() : m.promotion_term_everyone()}
      </Term>
      {providers && (
        <Term label={m.promotion_term_providers()}>
          {providers.map((provider) => PROVIDER_NAMES[provider]).join(', ')}
        </Term>
      )}
      {validity && <Term label={m.promotion_term_valid()}>{validityText(validity)}</Term>}
    </dl>
  )
}
