import { m } from '~generated/paraglide/messages'
import { PagedList, pagedRow, usePagedQuery } from '~/widgets/paged-list'
import { promotionUsagesQueryOptions } from '~/lib/api/promotions'
import { formatDateTime, formatMoney } from '~/domain/format'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'
import { links, promotionHistoryLink } from '~/lib/navigation'
import { buttonStyles } from '~/ui/button'
import { EmptyState } from '~/ui/query-state'
import { UsageStatusBadge } from '~/widgets/status-badge'
import type { PromotionUsage } from './claimability'
import { CREDIT_CURRENCY } from './promotion-terms'
import { CreditFacts, Fact } from './usage-facts'
import { PageLink } from '~/widgets/page-link'

/**
 * One usage. A provider the build does not know (a newer backend) is written as sent, as an
 * unknown status is (decision 005: unknown values are shown neutrally, never fail the row).
 */
const UsageRow = pagedRow(function UsageRow({ usage }: { usage: PromotionUsage }) {
  const provider = Object.hasOwn(PROVIDER_NAMES, usage.provider)
    ? PROVIDER_NAMES[usage.provider]
    : usage.provider
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-surface-raised p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 font-semibold wrap-anywhere">{usage.promotionTitle}</h2>
        <UsageStatusBadge status={usage.status} />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <Fact label={m.promotion_current_provider()}>{provider}</Fact>
        <Fact label={m.promotion_current_claimed_at()}>{formatDateTime(usage.createdAt)}</Fact>
        <Fact label={m.promotion_history_ended_at()}>{formatDateTime(usage.endedAt)}</Fact>
        <CreditFacts usage={usage} />
        <Fact label={m.promotion_current_turnover()}>
          {m.promotion_progress_value({
            progress: formatMoney(usage.turnoverProgress, CREDIT_CURRENCY),
            target: formatMoney(usage.turnoverTarget, CREDIT_CURRENCY),
          })}
        </Fact>
      </dl>
    </li>
  )
})

/** /player/promotion/history: the player's usages, one page at a time, the page in the URL. */
export function PromotionHistoryPage({ page }: { page: number }) {
  const usages = usePagedQuery(promotionUsagesQueryOptions({ page }))
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{m.page_title_promotion_history()}</h1>
        <PageLink {...links.promotion} className={buttonStyles({ variant: 'secondary' })}>
          {m.promotion_see_all()}
        </PageLink>
      </div>
      <PagedList
        list={usages}
        page={page}
        empty={
          <EmptyState title={m.promotion_history_empty()}>
            <PageLink {...links.promotion} className={buttonStyles()}>
              {m.promotion_see_all()}
            </PageLink>
          </EmptyState>
        }
        pageLink={(target, props) => <PageLink {...promotionHistoryLink(target)} {...props} />}
      >
        {(items) => (
          <ul className="flex flex-col gap-3">
            {items.map((usage) => (
              <UsageRow key={usage.usageId} usage={usage} />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  )
}
