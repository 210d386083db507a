import { Link } from '@tanstack/react-router'
import { useId, useRef, useState, type FormEvent } from 'react'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { isApiError } from '~/lib/api/error'
import { useUsePromotionMutation } from '~/lib/api/promotions'
import { useRetryAfter } from '~/lib/retry-after'
import { formatMoney } from '~/domain/format'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'
import { links } from '~/lib/navigation'
import { useKeyedSubmit } from '~/widgets/keyed-submit'
import { ServerAlert } from '~/widgets/server-alert'
import { Button, buttonStyles } from '~/ui/button'
import { ChoiceCards } from '~/ui/choice-cards'
import { LoadingState } from '~/ui/query-state'
import { LoadFailed } from '~/widgets/query-problems'
import {
  claimBlock,
  useClaimFacts,
  type ClaimBlock,
  type ClaimFacts,
  type Promotion,
  type PromotionUsage,
} from './claimability'
import { DEPOSIT_CURRENCY } from './promotion-terms'

type Provider = components['schemas']['Provider']

/** The sentence for each reason a promotion cannot be claimed now. */
export function claimBlockText(block: ClaimBlock): string {
  switch (block) {
    case 'blocked':
      return m.errors_player_blocked_from_promotions()
    case 'in_use':
      return m.promotion_in_use_notice()
    case 'one_at_a_time':
      return m.errors_promotion_already_active()
    case 'inactive':
      return m.errors_promotion_inactive()
    case 'needs_bank':
      return m.promotion_needs_bank()
    case 'open_order':
      return m.errors_cannot_use_promotion_while_order_is_open()
  }
}

const actionLink = buttonStyles({ variant: 'secondary', className: 'self-start' })

/** Where the player can fix a reason (a bank account, the open deposit order), if anywhere. */
function BlockAction({ block }: { block: ClaimBlock | 'open_order_error' }) {
  if (block === 'needs_bank') {
    return (
      <Link {...links.bank} className={actionLink}>
        {m.promotion_add_bank()}
      </Link>
    )
  }
  if (block === 'open_order' || block === 'open_order_error') {
    return (
      <Link {...links.deposit} className={actionLink}>
        {m.promotion_go_to_deposit()}
      </Link>
    )
  }
  return null
}

/** The agency's block, said once, with its reason as the agency wrote it. */
export function BlockedNotice({ reason }: { reason: string | null }) {
  const titleId = useId()
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-xl border border-danger/60 bg-danger/10 p-4"
    >
      <h2 id={titleId} className="font-semibold">
        {m.promotion_blocked_title()}
      </h2>
      <p className="text-sm">{m.errors_player_blocked_from_promotions()}</p>
      {reason && <p className="text-sm wrap-anywhere text-ink-muted">{reason}</p>}
    </section>
  )
}

/** Why this promotion cannot be claimed now, and where to fix it. */
export function ClaimBlockNotice({ block, facts }: { block: ClaimBlock; facts: ClaimFacts }) {
  if (block === 'blocked') return <BlockedNotice reason={facts.blockedReason} />
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface-raised p-4">
      <p>{claimBlockText(block)}</p>
      <BlockAction block={block} />
    </div>
  )
}

/** The codes whose fix is elsewhere on the site get a link there. */
function ClaimErrorAction({ error }: { error: unknown }) {
  if (!isApiError(error)) return null
  if (error.code === 'BANK_ACCOUNT_REQUIRED') return <BlockAction block="needs_bank" />
  if (error.code === 'CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN' || error.code === 'OPEN_ORDER') {
    return <BlockAction block="open_order_error" />
  }
  return null
}

/**
 * Choose the provider, then claim: one POST /v2/promotions/use per intent with one
 * Idempotency-Key, reused if the player retries after a failure and renewed after a success
 * or when the provider (the body) changes. A second press while the first runs, or after it
 * succeeded, sends nothing.
 */
export function ClaimForm({
  promotion,
  onClaimed,
}: {
  promotion: Promotion
  onClaimed: (usage: PromotionUsage) => void
}) {
  const [provider, setProvider] = useState<Provider | null>(
    promotion.providers.length === 1 ? (promotion.providers[0] ?? null) : null,
  )
  const [showRequired, setShowRequired] = useState(false)
  const keyed = useKeyedSubmit()
  const claim = useUsePromotionMutation()
  // After a success the press stays refused: the page turns to the usage in force as soon as
  // it is refetched, and a second press in between would be a second claim.
  const claimed = useRef(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (claimed.current) return
    if (!provider) {
      setShowRequired(true)
      return
    }
    const body = { promotionId: promotion.id, providerId: provider }
    const sent = await keyed.submit(body, (key) =>
      claim.mutateAsync({ params: { header: { 'Idempotency-Key': key } }, body }),
    )
    if (sent.state !== 'done') return
    claimed.current = true
    onClaimed(sent.data)
  }
  const done = claim.isPending || claim.isSuccess
  // A 429's Retry-After: counted down in the alert, the claim disabled meanwhile.
  const secondsLeft = useRetryAfter(claim.error)

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <ChoiceCards
        label={m.promotion_claim_provider_label()}
        choices={promotion.providers.map((value) => ({ value, label: PROVIDER_NAMES[value] }))}
        value={provider}
        isDisabled={done}
        onChange={(next) => {
          setProvider(next)
          setShowRequired(false)
          if (next !== provider) claim.reset()
        }}
        errorMessage={showRequired ? m.promotion_claim_provider_required() : undefined}
        columns="grid-cols-2"
      />
      {claim.isError && (
        <div className="flex flex-col gap-2">
          <ServerAlert error={claim.error} secondsLeft={secondsLeft} />
          <ClaimErrorAction error={claim.error} />
        </div>
      )}
      <Button
        type="submit"
        isLoading={claim.isPending}
        isDisabled={claim.isSuccess || secondsLeft > 0}
        className="self-stretch sm:self-start"
      >
        {m.promotion_claim()}
      </Button>
    </form>
  )
}

/** The claim area of a promotion's page: the form, or why not, or the state of the checks. */
export function ClaimSection({ promotion }: { promotion: Promotion }) {
  const state = useClaimFacts()
  const titleId = useId()
  const [claimed, setClaimed] = useState<PromotionUsage | null>(null)
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {m.promotion_claim_title()}
      </h2>
      {state.status === 'pending' && <LoadingState className="min-h-32" />}
      {state.status === 'error' && <LoadFailed failure={state} />}
      {state.status === 'ready' &&
        (() => {
          const block = claimBlock(promotion, state.facts)
          return block ? (
            <ClaimBlockNotice block={block} facts={state.facts} />
          ) : (
            <ClaimForm promotion={promotion} onClaimed={setClaimed} />
          )
        })()}
      {/* In the tree from the start, so the claim's answer is announced when it arrives. (A
          toast here left react-aria's announcer nodes that axe reports as images without a
          name.) */}
      <p role="status" className="text-sm empty:hidden">
        {claimed &&
          `${m.promotion_claim_success({ name: claimed.promotionTitle })} ${m.promotion_current_waiting_deposit(
            {
              amount: formatMoney(claimed.terms.depositAmount, DEPOSIT_CURRENCY),
            },
          )}`}
      </p>
    </section>
  )
}
