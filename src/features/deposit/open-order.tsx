import { useQuery } from '@tanstack/react-query'
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { depositLaoQrQueryOptions, useCancelDepositMutation } from '~/lib/api/deposit'
import { errorMessage, errorMessages } from '~/domain/error-messages'
import { formatDateTime, formatMoney } from '~/domain/format'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'
import { useKeyedSubmit } from '~/widgets/keyed-submit'
import { ServerAlert } from '~/widgets/server-alert'
import { useRetryAfter } from '~/lib/retry-after'
import { lazyRetry } from '~/ui/lazy-retry'
import { Button } from '~/ui/button'
import { Dialog, DialogFooter } from '~/ui/dialog'
import { LoadingState } from '~/ui/query-state'
import { LoadFailed } from '~/widgets/query-problems'
import { queriesState } from '~/lib/query-state'
import { OrderStatusBadge } from '~/widgets/status-badge'
import { showToast } from '~/ui/toast'
import { useDepositCheck } from './auto-check'
import { timeLeft, useExpired, useNow } from './time-left'

type Deposit = components['schemas']['Deposit']

// Tried again at the next render after a failed download (a flaky line), never failed for good.
const DepositQr = lazyRetry(async () => (await import('./deposit-qr')).default)

/** The room of the QR and its buttons, kept while the QR module or payload loads. */
const QR_BOX = 'min-h-[22rem] w-full max-w-72'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-right font-semibold wrap-anywhere tabular-nums">{children}</dd>
    </>
  )
}

function TimeLeft({ expiresAt }: { expiresAt: string }) {
  const left = timeLeft(expiresAt, useNow())
  if (left === 'expired') return <span className="text-danger">{m.deposit_time_expired()}</span>
  return (
    <time dateTime={expiresAt} title={formatDateTime(expiresAt)}>
      {left.days > 0 ? m.deposit_time_left_days(left) : left.time}
    </time>
  )
}

function OrderQr({ order }: { order: Deposit }) {
  const qr = useQuery(depositLaoQrQueryOptions(order.id))
  const amount = formatMoney(order.amount, order.currency)
  // A QR already drawn stays when a refetch fails: the player may be paying it right now.
  const state = queriesState([qr])
  if (state.status === 'failed') {
    return (
      <div className={QR_BOX}>
        <LoadFailed failure={state} />
      </div>
    )
  }
  const loading = <LoadingState className={QR_BOX} label={m.deposit_qr_loading()} />
  if (!qr.data) return loading
  return (
    <div className={`flex justify-center ${QR_BOX}`}>
      <Suspense fallback={loading}>
        <DepositQr
          payload={qr.data.qr}
          label={m.deposit_qr_label({ amount })}
          fileName={`lao-qr-${order.transactionCode}.png`}
        />
      </Suspense>
    </div>
  )
}

/**
 * Where the QR was, once the order expired: the QR is withdrawn (an expired order is never
 * shown payable) and a new order is offered, in the same room (nothing below moves).
 */
function ExpiredQr({ order, onNew }: { order: Deposit; onNew: () => void }) {
  return (
    <div
      className={`flex flex-col items-center justify-center gap-3 rounded-lg border border-danger/60 bg-danger/10 p-4 text-center ${QR_BOX}`}
    >
      <h3 className="text-lg font-semibold">{m.deposit_expired_title()}</h3>
      <p className="text-sm">{errorMessages.ORDER_EXPIRED(expiredDetails(order))}</p>
      <Button onPress={onNew}>{m.deposit_new()}</Button>
    </div>
  )
}

async function copyAmount(amount: string) {
  try {
    await navigator.clipboard.writeText(amount)
    showToast({ title: m.deposit_amount_copied(), tone: 'success' })
  } catch {
    showToast({ title: m.deposit_copy_failed(), tone: 'error' })
  }
}

/** The order's figures: amount, credits, provider, code, status and time left. */
function OrderFigures({ order }: { order: Deposit }) {
  const credit = (value: string) => formatMoney(value, order.creditCurrency)
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
      <Row label={m.deposit_order_amount()}>
        <span className="text-lg">{formatMoney(order.amount, order.currency)}</span>
      </Row>
      <Row label={m.deposit_order_credit()}>{credit(order.credit)}</Row>
      <Row label={m.deposit_order_promotion_credit()}>{credit(order.promotionCredit)}</Row>
      <Row label={m.deposit_order_total_credit()}>{credit(order.totalCredit)}</Row>
      <Row label={m.deposit_order_provider()}>{PROVIDER_NAMES[order.provider]}</Row>
      <Row label={m.deposit_order_code()}>
        <span className="font-mono break-all">{order.transactionCode}</span>
      </Row>
      <Row label={m.deposit_order_status()}>
        <OrderStatusBadge status={order.status} />
      </Row>
      <Row label={m.deposit_order_time_left()}>
        <TimeLeft expiresAt={order.expiresAt} />
      </Row>
    </dl>
  )
}

type Notice = { text: string; tone: 'info' | 'error' }

/** What Check payment or Cancel answered: not paid yet (info) or an error. */
function OrderNotice({ text, tone }: Notice) {
  const colours =
    tone === 'error' ? 'border-danger bg-danger/10' : 'border-warning/60 bg-warning/10'
  return <p className={`rounded-lg border px-3 py-2 text-sm ${colours}`}>{text}</p>
}

/** ORDER_EXPIRED's details for this order, as the server's refusal would carry them. */
const expiredDetails = (order: Deposit) => ({
  orderKind: 'deposit' as const,
  orderId: order.id,
  status: order.status,
  expiresAt: order.expiresAt,
})

/** An order that ended unpaid because its `expiresAt` passed (DepositEndReason EXPIRED). */
const endedExpired = (order: Deposit) => order.status === 'CANCELED' && order.reason === 'EXPIRED'

const isPaid = (order: Deposit) => order.status === 'PAID' || order.status === 'SUCCESS'

type CancelDialogProps = {
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  isPending: boolean
  onConfirm: () => void
}

/** Asks before canceling (it gives up the QR); the cancel itself is the caller's. */
function CancelDialog({ isOpen, onOpenChange, isPending, onConfirm }: CancelDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      role="alertdialog"
      title={m.deposit_cancel_confirm_title()}
    >
      <p className="text-ink-muted">{m.deposit_cancel_confirm_text()}</p>
      <DialogFooter>
        <Button variant="secondary" onPress={() => onOpenChange(false)} isDisabled={isPending}>
          {m.deposit_cancel_keep()}
        </Button>
        <Button variant="danger" onPress={onConfirm} isLoading={isPending}>
          {m.deposit_cancel_confirm()}
        </Button>
      </DialogFooter>
    </Dialog>
  )
}

type OrderActionsProps = {
  onCheck: () => void
  /** A pressed check is in flight (the button spins; an automatic one does not). */
  checking: boolean
  onCancel: () => void
  cancelDisabled: boolean
  /** The automatic checks reached their bound (checkDeposit's x-auto-check): only the button checks. */
  autoStopped: boolean
}

/** Check payment and cancel, and whether the page still checks by itself. */
function OrderActions(props: OrderActionsProps) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button onPress={props.onCheck} isLoading={props.checking}>
          {m.deposit_check()}
        </Button>
        <Button variant="ghost" onPress={props.onCancel} isDisabled={props.cancelDisabled}>
          {m.deposit_cancel()}
        </Button>
      </div>
      <p className="text-xs text-ink-muted">
        {props.autoStopped ? m.deposit_auto_check_stopped() : m.deposit_auto_check_on()}
      </p>
    </div>
  )
}

type OpenOrderProps = {
  order: Deposit
  /** A check found it paid (PAID or SUCCESS): the page shows the result. */
  onPaid: (order: Deposit) => void
  /** The order was canceled, is final, or the player asks for a new one after expiry: the page goes back to the form. */
  onClosed: (order: Deposit) => void
}

/**
 * An open deposit order instead of a new form (one open order at a time): its figures, its
 * Lao QR, the time left, Check payment and Cancel. The page checks the order by itself while
 * it is visible (useDepositCheck); the button stays for the impatient and shares a check in
 * flight. Cancel checks first (spec section 4: a paid order must not be canceled), then asks,
 * then cancels with one Idempotency-Key. At expiry the QR is withdrawn and a new order offered.
 */
export function OpenOrder({ order, onPaid, onClosed }: OpenOrderProps) {
  const expiredByClock = useExpired(order.expiresAt)
  const auto = useDepositCheck(order, expiredByClock)
  const checked = auto.order
  const expired = expiredByClock || endedExpired(checked)
  const cancel = useCancelDepositMutation()
  const keyed = useKeyedSubmit()
  const [notice, setNotice] = useState<Notice>()
  const [confirming, setConfirming] = useState(false)
  const [pressed, setPressed] = useState(false)
  // The cancel's failure, in the keyed POSTs' one alert (a 429 counted down, Cancel off meanwhile).
  const [cancelError, setCancelError] = useState<unknown>()
  const cancelWait = useRetryAfter(cancelError)
  const path = { params: { path: { orderId: order.id } } }

  // What a check found, automatic or pressed: paid -> the page shows it; ended otherwise
  // (DepositStatus x-lifecycle; the check answers the order, 200) -> said and closed; expired
  // -> this view offers a new order. Each answer is acted on once.
  const handled = useRef<Deposit>(order)
  useEffect(() => {
    if (handled.current === checked) return
    handled.current = checked
    if (isPaid(checked)) onPaid(checked)
    else if (checked.status !== 'OPEN' && !endedExpired(checked)) {
      showToast({ title: errorMessages.ORDER_ALREADY_FINAL(), tone: 'error' })
      onClosed(checked)
    }
  }, [checked, onPaid, onClosed])

  /** The order as the payment side sees it now if still OPEN, or undefined (acted on, or an error shown). */
  const runCheck = async (): Promise<Deposit | undefined> => {
    setNotice(undefined)
    setCancelError(undefined)
    setPressed(true)
    const { order: now, error } = await auto.check()
    setPressed(false)
    if (error) setNotice({ text: errorMessage(error), tone: 'error' })
    return !error && now.status === 'OPEN' ? now : undefined
  }

  const onCheck = async () => {
    const now = await runCheck()
    if (now) setNotice({ text: m.deposit_check_not_paid(), tone: 'info' })
  }

  const onCancel = async () => {
    const now = await runCheck()
    if (now) setConfirming(true)
  }

  const onConfirmCancel = async () => {
    const sent = await keyed.submit(order.id, (key) =>
      cancel.mutateAsync({ params: { ...path.params, header: { 'Idempotency-Key': key } } }),
    )
    if (sent.state === 'busy') return
    setConfirming(false)
    if (sent.state === 'failed') {
      setCancelError(sent.error)
      return
    }
    showToast({ title: m.deposit_canceled(), tone: 'info' })
    onClosed(sent.data)
  }

  const busy = pressed || cancel.isPending

  return (
    <section aria-labelledby="deposit-open-title" className="space-y-4">
      <div>
        <h2 id="deposit-open-title" className="text-lg font-semibold">
          {m.deposit_open_title()}
        </h2>
        {!expired && <p className="text-sm text-ink-muted">{m.deposit_open_text()}</p>}
      </div>
      <div className="grid grid-cols-1 gap-6 rounded-xl border border-line bg-surface-raised p-4 md:grid-cols-[18rem_minmax(0,1fr)]">
        {expired ? (
          <ExpiredQr order={checked} onNew={() => onClosed(checked)} />
        ) : (
          <OrderQr order={order} />
        )}
        <div className="flex flex-col gap-4">
          <OrderFigures order={checked} />
          {!expired && (
            <>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onPress={() => void copyAmount(order.amount)}>
                  {m.deposit_copy_amount()}
                </Button>
              </div>
              <div className="min-h-12" aria-live="polite">
                {notice && <OrderNotice {...notice} />}
                <ServerAlert error={cancelError} secondsLeft={cancelWait} />
              </div>
              <OrderActions
                onCheck={() => void onCheck()}
                checking={pressed && !confirming}
                onCancel={() => void onCancel()}
                cancelDisabled={busy || cancelWait > 0}
                autoStopped={auto.exhausted}
              />
            </>
          )}
        </div>
      </div>
      {/* In the tree from the start, so the expiry is announced when it comes. */}
      <p role="status" className="sr-only">
        {expired
          ? `${m.deposit_expired_title()}. ${errorMessages.ORDER_EXPIRED(expiredDetails(order))}`
          : ''}
      </p>
      <CancelDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        isPending={cancel.isPending}
        onConfirm={() => void onConfirmCancel()}
      />
    </section>
  )
}
