import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { m } from '~generated/paraglide/messages'
import {
  currentPromotionQueryOptions,
  useCancelPromotionUsageMutation,
  useRecheckPromotionMutation,
} from '~/lib/api/promotions'
import { errorMessage } from '~/domain/error-messages'
import { useRetryAfter } from '~/lib/retry-after'
import { formatDateTime, formatMoney } from '~/domain/format'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'
import { progressPercent } from '~/domain/money'
import { useKeyedSubmit } from '~/widgets/keyed-submit'
import { ServerAlert } from '~/widgets/server-alert'
import { Button } from '~/ui/button'
import { Dialog, DialogFooter } from '~/ui/dialog'
import { FormAlert } from '~/ui/form-alert'
import { ProgressBar } from '~/ui/progress-bar'
import { LoadingState } from '~/ui/query-state'
import { LoadFailed } from '~/widgets/query-problems'
import { queriesState } from '~/lib/query-state'
import { UsageStatusBadge } from '~/widgets/status-badge'
import type { PromotionUsage } from './claimability'
import { CREDIT_CURRENCY, DEPOSIT_CURRENCY, PromotionTermsList } from './promotion-terms'
import { CreditFacts, Fact } from './usage-facts'

/**
 * What the last action on a usage said, kept after the usage itself is gone (a cancel), but
 * not carried over to a later usage.
 */
type Outcome = { usageId: string } & (
  | { kind: 'canceled' }
  | { kind: 'rechecked'; usage: PromotionUsage | null }
  | { kind: 'recheck_failed'; error: unknown }
)

function OutcomeNote({ outcome }: { outcome: Outcome | null }) {
  let text: string | undefined
  if (outcome?.kind === 'canceled') text = m.promotion_cancel_success()
  else if (outcome?.kind === 'rechecked') {
    const usage = outcome.usage
    if (!usage) text = m.promotion_recheck_none()
    else if (usage.status === 'SUCCESS') text = m.promotion_recheck_completed()
    else if (usage.status === 'ACTIVE' || usage.status === 'USED') {
      text = m.promotion_recheck_still_in_use()
    } else text = m.promotion_recheck_ended()
  }
  // Always in the tree, so the live region exists before its text changes (announced).
  return (
    <p role="status" className="text-sm empty:hidden">
      {text}
    </p>
  )
}

type CancelDialogProps = {
  usage: PromotionUsage
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  onCanceled: () => void
}

/**
 * Cancel asks first (it gives up the bonus), then sends the usageId once with one
 * Idempotency-Key: a retry after a failure reuses it, so a cancel the server already did is
 * answered again rather than refused as ended.
 */
function CancelDialog({ usage, isOpen, onOpenChange, onCanceled }: CancelDialogProps) {
  const cancel = useCancelPromotionUsageMutation()
  // A 429's Retry-After: counted down in the alert, the confirm disabled meanwhile.
  const secondsLeft = useRetryAfter(cancel.error)
  const keyed = useKeyedSubmit()
  const confirm = async () => {
    const body = { usageId: usage.usageId }
    const sent = await keyed.submit(body, (key) =>
      cancel.mutateAsync({ params: { header: { 'Idempotency-Key': key } }, body }),
    )
    if (sent.state === 'done') onCanceled()
  }
  return (
    <Dialog
      role="alertdialog"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (cancel.isPending) return
        if (!open) cancel.reset()
        onOpenChange(open)
      }}
      title={m.promotion_cancel_confirm_title()}
    >
      <p>
        {m.promotion_cancel_confirm_body({
          name: usage.promotionTitle,
          provider: PROVIDER_NAMES[usage.provider],
        })}
      </p>
      {cancel.isError && <ServerAlert error={cancel.error} secondsLeft={secondsLeft} />}
      <DialogFooter>
        <Button
          variant="secondary"
          isDisabled={cancel.isPending}
          onPress={() => {
            cancel.reset()
            onOpenChange(false)
          }}
        >
          {m.promotion_cancel_keep()}
        </Button>
        <Button
          variant="danger"
          isLoading={cancel.isPending}
          isDisabled={secondsLeft > 0}
          onPress={() => void confirm()}
        >
          {m.promotion_cancel_confirm()}
        </Button>
      </DialogFooter>
    </Dialog>
  )
}

function UsageProgress({ usage }: { usage: PromotionUsage }) {
  // ACTIVE: claimed, the set deposit not made yet, so there is no turnover to show.
  if (usage.status === 'ACTIVE') {
    return (
      <p className="rounded-lg bg-surface-overlay px-3 py-2 text-sm">
        {m.promotion_current_waiting_deposit({
          amount: formatMoney(usage.terms.depositAmount, DEPOSIT_CURRENCY),
        })}
      </p>
    )
  }
  return (
    <ProgressBar
      label={m.promotion_current_turnover()}
      percent={progressPercent(usage.turnoverProgress, usage.turnoverTarget)}
      valueLabel={m.promotion_progress_value({
        progress: formatMoney(usage.turnoverProgress, CREDIT_CURRENCY),
        target: formatMoney(usage.turnoverTarget, CREDIT_CURRENCY),
      })}
    />
  )
}

/**
 * The promotion in force (players/promotions/using) wherever it matters: promotion pages,
 * deposit and withdraw. Its status, provider, figures and terms, the turnover progress,
 * Cancel (confirmed) and Recheck (the server re-evaluates it; the answer is said here). With
 * no promotion in force it shows nothing, except the outcome of the last action.
 */
export function CurrentPromotionCard() {
  const current = useQuery(currentPromotionQueryOptions())
  const recheck = useRecheckPromotionMutation()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [confirming, setConfirming] = useState(false)
  const titleId = useId()

  const state = queriesState([current])
  if (state.status === 'failed') {
    return <LoadFailed failure={state} title={m.promotion_current_load_failed()} />
  }
  if (!current.data) return <LoadingState className="min-h-48" />
  const usage = current.data.usage
  if (!usage) return <OutcomeNote outcome={outcome} />
  const shown = outcome?.usageId === usage.usageId ? outcome : null

  const runRecheck = () => {
    if (recheck.isPending) return
    setOutcome(null)
    recheck.mutate(
      {},
      {
        onSuccess: (answer) =>
          setOutcome({ usageId: usage.usageId, kind: 'rechecked', usage: answer.usage }),
        onError: (error) => setOutcome({ usageId: usage.usageId, kind: 'recheck_failed', error }),
      },
    )
  }

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-accent/50 bg-surface-raised p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <h2 id={titleId} className="text-xs font-semibold text-accent uppercase">
            {m.promotion_current_title()}
          </h2>
          <p className="text-lg font-semibold wrap-anywhere">{usage.promotionTitle}</p>
        </div>
        <UsageStatusBadge status={usage.status} />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label={m.promotion_current_provider()} isStrong>
          {PROVIDER_NAMES[usage.provider]}
        </Fact>
        <Fact label={m.promotion_current_claimed_at()} isStrong>
          {formatDateTime(usage.createdAt)}
        </Fact>
        <CreditFacts usage={usage} isStrong />
        {usage.maxReceiveCredit !== null && (
          <Fact label={m.promotion_current_max_receive()} isStrong>
            {formatMoney(usage.maxReceiveCredit, CREDIT_CURRENCY)}
          </Fact>
        )}
      </dl>
      <UsageProgress usage={usage} />
      <details className="rounded-lg border border-line px-3 py-1 text-sm">
        <summary className="min-h-11 cursor-pointer py-2.5 font-medium">
          {m.promotion_terms_title()}
        </summary>
        <PromotionTermsList terms={usage.terms} />
      </details>
      <OutcomeNote outcome={shown} />
      {shown?.kind === 'recheck_failed' && <FormAlert message={errorMessage(shown.error)} />}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" isLoading={recheck.isPending} onPress={runRecheck}>
          {m.promotion_recheck()}
        </Button>
        <Button
          variant="secondary"
          onPress={() => {
            setOutcome(null)
            setConfirming(true)
          }}
        >
          {m.promotion_cancel()}
        </Button>
      </div>
      <CancelDialog
        usage={usage}
        isOpen={confirming}
        onOpenChange={setConfirming}
        onCanceled={() => {
          setConfirming(false)
          setOutcome({ usageId: usage.usageId, kind: 'canceled' })
        }}
      />
    </section>
  )
}
