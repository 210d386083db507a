import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { formatMoney, formatRate } from '~/domain/format'
import { compareMoney } from '~/domain/money'

type Withdraw = components['schemas']['Withdraw']
type WithdrawQuote = components['schemas']['WithdrawQuote']

/** The split both a quote and an order carry (decision 005: credit = bonus + receive + return). */
export type WithdrawSplit = Pick<
  Withdraw & WithdrawQuote,
  | 'credit'
  | 'bonusDeducted'
  | 'receiveCredit'
  | 'returnCredit'
  | 'creditCurrency'
  | 'rate'
  | 'payoutAmount'
  | 'payoutCurrency'
> & { maxReceiveCredit?: string | null }

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-3 ${strong ? 'mt-1 border-t border-line pt-3' : ''}`}
    >
      <dt className={strong ? 'font-semibold' : 'text-ink-muted'}>{label}</dt>
      <dd className={`text-end tabular-nums ${strong ? 'text-lg font-bold text-accent' : ''}`}>
        {value}
      </dd>
    </div>
  )
}

/**
 * What a withdrawal takes and pays, exactly as the server gave it (a quote before submitting,
 * the order after): nothing here is recomputed, so the figures before and after cannot differ
 * by a rounding of ours. The bonus line and the cap show only when a promotion is in play.
 */
export function WithdrawFigures({ split }: { split: WithdrawSplit }) {
  const credit = (value: string) => formatMoney(value, split.creditCurrency)
  const hasBonus = compareMoney(split.bonusDeducted, '0') > 0
  return (
    <dl className="flex flex-col gap-2 text-sm">
      <Row label={m.withdraw_figure_credit()} value={credit(split.credit)} />
      {hasBonus && (
        <Row label={m.withdraw_figure_bonus()} value={`− ${credit(split.bonusDeducted)}`} />
      )}
      {split.maxReceiveCredit && (
        <Row label={m.withdraw_figure_cap()} value={credit(split.maxReceiveCredit)} />
      )}
      <Row label={m.withdraw_figure_receive()} value={credit(split.receiveCredit)} />
      <Row label={m.withdraw_figure_return()} value={credit(split.returnCredit)} />
      <Row
        label={m.withdraw_figure_rate()}
        value={m.withdraw_figure_rate_value({
          currency: split.creditCurrency,
          rate: formatRate(split.rate, split.payoutCurrency),
        })}
      />
      <Row
        label={m.withdraw_figure_payout()}
        value={formatMoney(split.payoutAmount, split.payoutCurrency)}
        strong
      />
    </dl>
  )
}
