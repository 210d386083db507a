import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import {
  depositLaoQrQueryOptions,
  useCancelDepositMutation,
  useCheckDepositMutation,
} from '~/lib/api/deposit'
import { errorMessage, errorMessages } from '~/lib/error-messages'
import { formatDateTime, formatMoney } from '~/lib/format'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'
import { useKeyedSubmit } from '~/domain/keyed-submit'
import { ServerAlert } from '~/domain/server-alert'
import { useRetryAfter } from '~/lib/retry-after'
import { Button } from '~/ui/button'
import { Dialog, DialogFooter } from '~/ui/dialog'
import { ErrorState, LoadingState } from '~/ui/query-state'
import { OrderStatusBadge } from '~/domain/status-badge'
import { showToast } from '~/ui/toast'
import { timeLeft, useNow } from './time-left'

type Deposit = components['schemas']['Deposit']

const DepositQr = lazy(() => import('./deposit-qr'))

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
  if (qr.isError) {
    return (
      <div className={QR_BOX}>
        <ErrorState
          message={errorMessage(qr.error)}
          isRetrying={qr.isFetching}
          onRetry={() => void qr.refetch()}
        />
      </div>
    )
  }
  const loading = <LoadingState className={QR_BOX} label={m.deposit_qr_loading()} />
  if (qr.isPending) return loading
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

/** An order the check found ended: said with the message of the code its lifecycle refuses with. */
const endedMessage = (order: Deposit) =>
  order.reason === 'EXPIRED'
    ? errorMessages.ORDER_EXPIRED({
        orderKind: 'deposit',
        orderId: order.id,
        status: order.status,
        expiresAt: order.expiresAt,
      })
    : errorMessages.ORDER_ALREADY_FINAL()

type OpenOrderProps = {
  order: Deposit
  /** The check found it paid (PAID or SUCCESS): the page shows the result. */
  onPaid: (order: Deposit) => void
  /** The order was canceled (or is final): the page goes back to the form. */
  onClosed: (order: Deposit) => void
}

/**
 * An open deposit order instead of a new form (one open order at a time): its figures, its
 * Lao QR, the time left, Check payment and Cancel. Cancel checks first (spec section 4: a
 * paid order must not be canceled), then asks, then cancels with one Idempotency-Key.
 */
export function OpenOrder({ order, onPaid, onClosed }: OpenOrderProps) {
  const check = useCheckDepositMutation()
  const cancel = useCancelDepositMutation()
  const keyed = useKeyedSubmit()
  const [notice, setNotice] = useState<Notice>()
  const [confirming, setConfirming] = useState(false)
  // The cancel's failure, in the keyed POSTs' one alert (a 429 counted down, Cancel off meanwhile).
  const [cancelError, setCancelError] = useState<unknown>()
  const cancelWait = useRetryAfter(cancelError)
  const path = { params: { path: { orderId: order.id } } }

  /** The order as the payment side sees it now, or undefined after an error (shown). */
  const runCheck = async (): Promise<Deposit | undefined> => {
    setNotice(undefined)
    setCancelError(undefined)
    try {
      const checked = await check.mutateAsync(path)
      if (checked.status === 'OPEN') return checked
      if (checked.status === 'PAID' || checked.status === 'SUCCESS') onPaid(checked)
      else {
        // Ended unpaid or failed (DepositStatus x-lifecycle): the check answers the order, 200.
        showToast({ title: endedMessage(checked), tone: 'error' })
        onClosed(checked)
      }
      return undefined
    } catch (error) {
      setNotice({ text: errorMessage(error), tone: 'error' })
      return undefined
    }
  }

  const onCheck = async () => {
    const checked = await runCheck()
    if (checked) setNotice({ text: m.deposit_check_not_paid(), tone: 'info' })
  }

  const onCancel = async () => {
    const checked = await runCheck()
    if (checked) setConfirming(true)
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

  const busy = check.isPending || cancel.isPending

  return (
    <section aria-labelledby="deposit-open-title" className="space-y-4">
      <div>
        <h2 id="deposit-open-title" className="text-lg font-semibold">
          {m.deposit_open_title()}
        </h2>
        <p className="text-sm text-ink-muted">{m.deposit_open_text()}</p>
      </div>
      <div className="grid grid-cols-1 gap-6 rounded-xl border border-line bg-surface-raised p-4 md:grid-cols-[18rem_minmax(0,1fr)]">
        <OrderQr order={order} />
        <div className="flex flex-col gap-4">
          <OrderFigures order={order} />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onPress={() => void copyAmount(order.amount)}>
              {m.deposit_copy_amount()}
            </Button>
          </div>
          <div className="min-h-12" aria-live="polite">
            {notice && <OrderNotice {...notice} />}
            <ServerAlert error={cancelError} secondsLeft={cancelWait} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onPress={() => void onCheck()} isLoading={check.isPending && !confirming}>
              {m.deposit_check()}
            </Button>
            <Button
              variant="ghost"
              onPress={() => void onCancel()}
              isDisabled={busy || cancelWait > 0}
            >
              {m.deposit_cancel()}
            </Button>
          </div>
        </div>
      </div>
      <Dialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        role="alertdialog"
        title={m.deposit_cancel_confirm_title()}
      >
        <p className="text-ink-muted">{m.deposit_cancel_confirm_text()}</p>
        <DialogFooter>
          <Button
            variant="secondary"
            onPress={() => setConfirming(false)}
            isDisabled={cancel.isPending}
          >
            {m.deposit_cancel_keep()}
          </Button>
          <Button
            variant="danger"
            onPress={() => void onConfirmCancel()}
            isLoading={cancel.isPending}
          >
            {m.deposit_cancel_confirm()}
          </Button>
        </DialogFooter>
      </Dialog>
    </section>
  )
}
