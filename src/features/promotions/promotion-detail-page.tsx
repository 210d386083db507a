import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { m } from '~generated/paraglide/messages'
import { promotionsQueryOptions } from '~/lib/api/promotions'
import { queriesState, staleOf } from '~/lib/query-state'
import { links } from '~/lib/navigation'
import { buttonStyles } from '~/ui/button'
import { EmptyState, LoadingState } from '~/ui/query-state'
import { LoadFailed, RefreshFailed } from '~/widgets/query-problems'
import { ClaimSection } from './claim-promotion'
import { CurrentPromotionCard } from './current-promotion-card'
import { PromotionImage } from './promotion-image'
import { PromotionTermsList } from './promotion-terms'

const backLink =
  'inline-flex min-h-11 items-center self-start rounded text-sm text-ink-muted underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent'

/**
 * /player/promotion/{promotionId}. Spec section 2: the promotion list is prefetched (route
 * loader) and the one matching the id selected from it; an id that matches nothing is a
 * "not found" inside the page, not the error panel.
 */
export function PromotionDetailPage({ promotionId }: { promotionId: string }) {
  const list = useQuery({
    ...promotionsQueryOptions(),
    select: (data) => data.promotions.find((p) => p.id === promotionId) ?? null,
  })
  const termsId = useId()
  const back = (
    <Link {...links.promotion} className={backLink}>
      {m.promotion_back_to_list()}
    </Link>
  )
  const state = queriesState([list])
  if (state.status === 'pending') {
    return (
      <div className="mx-auto w-full max-w-3xl p-4 sm:p-6">
        <LoadingState className="min-h-96" />
      </div>
    )
  }
  if (state.status === 'failed') {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-6">
        <h1 className="text-2xl font-bold">{m.page_title_promotion_detail()}</h1>
        <LoadFailed failure={state} />
      </div>
    )
  }
  const promotion = list.data
  if (!promotion) {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-6">
        {back}
        <h1 className="text-2xl font-bold">{m.promotion_not_found()}</h1>
        <EmptyState title={m.promotion_not_found_body()}>
          <Link {...links.promotion} className={buttonStyles()}>
            {m.promotion_see_all()}
          </Link>
        </EmptyState>
      </div>
    )
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 p-4 sm:p-6">
      {back}
      <RefreshFailed stale={staleOf(state)} />
      <PromotionImage src={promotion.imageUrl} eager />
      <h1 className="text-2xl font-bold wrap-anywhere">{promotion.title}</h1>
      {promotion.description && (
        <p className="wrap-anywhere text-ink-muted">{promotion.description}</p>
      )}
      <CurrentPromotionCard />
      <section aria-labelledby={termsId} className="flex flex-col gap-2">
        <h2 id={termsId} className="text-lg font-semibold">
          {m.promotion_terms_title()}
        </h2>
        <PromotionTermsList
          terms={promotion}
          providers={promotion.providers}
          validity={promotion}
        />
      </section>
      <ClaimSection promotion={promotion} />
    </div>
  )
}
