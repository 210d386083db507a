import { m } from '~generated/paraglide/messages'
import { formatMoney } from '~/domain/format'
import type { PromotionUsage } from './claimability'
import { CREDIT_CURRENCY } from './promotion-terms'

/** One figure of a usage in its `<dl>`: the current card sets it bolder than a history row. */
export function Fact(props: { label: string; children: string; isStrong?: boolean }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-ink-muted">{props.label}</dt>
      <dd className={`wrap-anywhere tabular-nums ${props.isStrong ? 'font-medium' : ''}`}>
        {props.children}
      </dd>
    </div>
  )
}

/** The credit the usage received and its bonus, as the current card and a history row show them. */
export function CreditFacts({ usage, isStrong }: { usage: PromotionUsage; isStrong?: boolean }) {
  return (
    <>
      <Fact label={m.promotion_current_received()} isStrong={isStrong}>
        {formatMoney(usage.receivedCredit, CREDIT_CURRENCY)}
      </Fact>
      <Fact label={m.promotion_current_bonus()} isStrong={isStrong}>
        {formatMoney(usage.bonusCredit, CREDIT_CURRENCY)}
      </Fact>
    </>
  )
}
