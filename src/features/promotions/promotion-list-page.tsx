import { useQuery } from '@tanstack/react-query'
import { m } from '~generated/paraglide/messages'
import { promotionsQueryOptions } from '~/lib/api/promotions'
import { queriesState, staleOf } from '~/lib/query-state'
import { formatMoney } from '~/domain/format'
import { FIRST_PAGE } from '~/lib/api/paging'
import { links, promotionLink, promotionListLink } from '~/lib/navigation'
import { buttonStyles } from '~/ui/button'
import { pageCount, Pagination } from '~/ui/pagination'
import { EmptyState, LoadingState } from '~/ui/query-state'
import { LoadFailed, RefreshFailed } from '~/widgets/query-problems'
import { UsageStatusBadge } from '~/widgets/status-badge'
import { BlockedNotice, ClaimBlockNotice, claimBlockText } from './claim-promotion'
import { claimBlock, useClaimFacts, type ClaimFacts, type Promotion } from './claimability'
import { CurrentPromotionCard } from './current-promotion-card'
import { PromotionImage } from './promotion-image'
import { bonusText, DEPOSIT_CURRENCY, turnoverText } from './promotion-terms'
import { PageLink } from '~/widgets/page-link'

type FactsState = ReturnType<typeof useClaimFacts>

function CardStatus({ promotion, state }: { promotion: Promotion; state: FactsState }) {
  if (state.status !== 'ready') return null
  const block = claimBlock(promotion, state.facts)
  if (block === 'in_use') {
    return (
      <p className="flex items-center gap-2 text-sm">
        <UsageStatusBadge status={state.facts.current?.status ?? 'ACTIVE'} />
        {m.promotion_in_use_notice()}
      </p>
    )
  }
  if (block) return <p className="text-sm text-ink-muted">{claimBlockText(block)}</p>
  return (
    <PageLink
      {...promotionLink(promotion.id)}
      className={buttonStyles({ variant: 'primary', className: 'self-start' })}
    >
      {m.promotion_claim()}
      <span className="sr-only">{`: ${promotion.title}`}</span>
    </PageLink>
  )
}

function PromotionCard({ promotion, state }: { promotion: Promotion; state: FactsState }) {
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-3 sm:p-4">
      <PromotionImage src={promotion.imageUrl} />
      <h2 className="text-lg font-semibold wrap-anywhere">
        <PageLink
          {...promotionLink(promotion.id)}
          className="rounded underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          {promotion.title}
        </PageLink>
      </h2>
      <p className="text-sm wrap-anywhere text-ink-muted">
        {m.promotion_short_terms({
          amount: formatMoney(promotion.depositAmount, DEPOSIT_CURRENCY),
          bonus: bonusText(promotion),
          turnover: turnoverText(promotion),
        })}
      </p>
      <div className="mt-auto min-h-11">
        <CardStatus promotion={promotion} state={state} />
      </div>
    </li>
  )
}

/**
 * A reason that holds for every promotion (blocked, no bank account, an open deposit order)
 * is said once above the list, with its way out; the cards then only name it.
 */
function PlayerNotice({ facts }: { facts: ClaimFacts }) {
  if (facts.blocked) return <BlockedNotice reason={facts.blockedReason} />
  if (facts.current) return null
  if (!facts.hasBankAccount) return <ClaimBlockNotice block="needs_bank" facts={facts} />
  if (facts.hasOpenDepositOrder) return <ClaimBlockNotice block="open_order" facts={facts} />
  return null
}

/**
 * Promotions a page: the list comes whole, and an agency with many would otherwise draw every
 * card on arrival (50 cards: 56 ms of main thread at full speed against 17 ms for three,
 * decision 020). Ten fill a phone's screen a few times over and a wide screen's five rows.
 */
export const PROMOTIONS_PER_PAGE = 10

/**
 * /player/promotion: the promotions on offer, a page at a time (the page in the URL), whether
 * each can be claimed, the one in use.
 */
export function PromotionListPage({ page = FIRST_PAGE }: { page?: number }) {
  const promotions = useQuery(promotionsQueryOptions())
  const facts = useClaimFacts()
  const list = queriesState([promotions])
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{m.page_title_promotion()}</h1>
        <PageLink {...links.promotionHistory} className={buttonStyles({ variant: 'secondary' })}>
          {m.nav_promotion_history()}
        </PageLink>
      </div>
      <RefreshFailed
        stale={staleOf(list) ?? (facts.status === 'ready' ? facts.stale : undefined)}
      />
      {facts.status === 'ready' && <PlayerNotice facts={facts.facts} />}
      {facts.status === 'error' && <LoadFailed failure={facts} />}
      <CurrentPromotionCard />
      {list.status === 'pending' && <LoadingState className="min-h-80" />}
      {list.status === 'failed' && <LoadFailed failure={list} />}
      {promotions.data &&
        (promotions.data.promotions.length === 0 ? (
          <EmptyState title={m.promotion_list_empty()} />
        ) : (
          <PromotionPage promotions={promotions.data.promotions} page={page} state={facts} />
        ))}
    </div>
  )
}

/**
 * One page of the cards, with previous / next links (`Pagination` shows none for one page). A
 * page past the last (a shared link after promotions ended) shows the last, as the histories do.
 */
function PromotionPage({
  promotions,
  page,
  state,
}: {
  promotions: Promotion[]
  page: number
  state: FactsState
}) {
  const shown = Math.min(page, pageCount(PROMOTIONS_PER_PAGE, promotions.length))
  const start = (shown - 1) * PROMOTIONS_PER_PAGE
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {promotions.slice(start, start + PROMOTIONS_PER_PAGE).map((promotion) => (
          <PromotionCard key={promotion.id} promotion={promotion} state={state} />
        ))}
      </ul>
      <Pagination
        page={shown}
        pageSize={PROMOTIONS_PER_PAGE}
        total={promotions.length}
        renderLink={(target, props) => <PageLink {...promotionListLink(target)} {...props} />}
      />
    </>
  )
}
