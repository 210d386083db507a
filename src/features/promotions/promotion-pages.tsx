import { useSuspenseQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { m } from '~generated/paraglide/messages'
import { promotionsQueryOptions } from '~/lib/api/promotions'

/** Title and a note until the "Promotions and games" issue fills these pages. */
function PromotionPlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 p-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
      <p className="text-ink-muted">{m.promotion_placeholder()}</p>
    </div>
  )
}

export function PromotionListPage() {
  return <PromotionPlaceholder title={m.page_title_promotion()} />
}

export function PromotionHistoryPage() {
  return <PromotionPlaceholder title={m.page_title_promotion_history()} />
}

/** Spec section 2: the promotion list is prefetched and the one matching the id selected. */
export function PromotionDetailPage({ promotionId }: { promotionId: string }) {
  const { data: promotion } = useSuspenseQuery({
    ...promotionsQueryOptions(),
    select: (data) => data.promotions.find((p) => p.id === promotionId),
  })
  return (
    <PromotionPlaceholder title={m.page_title_promotion_detail()}>
      {promotion ? (
        <p className="text-lg font-semibold">{m.promotion_selected({ name: promotion.title })}</p>
      ) : (
        <p role="alert" className="text-danger">
          {m.promotion_not_found()}
        </p>
      )}
    </PromotionPlaceholder>
  )
}
