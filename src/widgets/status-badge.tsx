import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'

/** Deposit and withdraw statuses share the spec's colours (each enum is a subset of this table). */
type OrderStatus = components['schemas']['DepositStatus'] | components['schemas']['WithdrawStatus']
type UsageStatus = components['schemas']['PromotionUsageStatus']

/** The four colours of spec section 3 ("OPEN grey, CANCELED red, PAID yellow, SUCCESS green"). */
type Tone = 'grey' | 'red' | 'yellow' | 'green'
type StatusView = { tone: Tone; label: () => string }

const tones: Record<Tone, string> = {
  grey: 'border-line bg-surface-overlay text-ink-muted',
  red: 'border-danger/60 bg-danger/15 text-danger',
  yellow: 'border-warning/60 bg-warning/15 text-warning',
  green: 'border-success/60 bg-success/15 text-success',
}

/** Spec section 3: OPEN grey, CANCELED red, PAID yellow, SUCCESS green, FAILED red, others grey. */
const ORDER_STATUSES = {
  OPEN: { tone: 'grey', label: m.status_order_open },
  CANCELED: { tone: 'red', label: m.status_order_canceled },
  PAID: { tone: 'yellow', label: m.status_order_paid },
  SUCCESS: { tone: 'green', label: m.status_order_success },
  FAILED: { tone: 'red', label: m.status_order_failed },
  REJECTED: { tone: 'grey', label: m.status_order_rejected },
} as const satisfies Record<OrderStatus, StatusView>

/**
 * Promotion usages in the order statuses' scheme: waiting (ACTIVE, like OPEN) and switched off
 * (INACTIVE) grey, running (USED, like PAID) yellow, done green, canceled red.
 */
const USAGE_STATUSES = {
  ACTIVE: { tone: 'grey', label: m.status_usage_active },
  INACTIVE: { tone: 'grey', label: m.status_usage_inactive },
  SUCCESS: { tone: 'green', label: m.status_usage_success },
  CANCELED: { tone: 'red', label: m.status_usage_canceled },
  USED: { tone: 'yellow', label: m.status_usage_used },
} as const satisfies Record<UsageStatus, StatusView>

/**
 * A status pill. A status a newer server sends before this build knows it shows as its raw
 * code in grey ("others grey"), never a crash or a blank cell. Colour is never the only
 * signal: the label is always text; `data-status` keeps the raw code for staff and tests.
 */
function StatusBadge({ table, status }: { table: Record<string, StatusView>; status: string }) {
  const known = Object.hasOwn(table, status) ? table[status] : undefined
  const tone = known?.tone ?? 'grey'
  return (
    <span
      data-status={status}
      data-tone={tone}
      title={known ? undefined : m.status_unknown_hint()}
      className={`inline-flex min-h-6 items-center rounded-full border px-2.5 text-xs font-semibold whitespace-nowrap ${tones[tone]}`}
    >
      {known ? known.label() : status}
    </span>
  )
}

/** A deposit or withdraw order status (spec section 3 colours). */
export function OrderStatusBadge({ status }: { status: OrderStatus | (string & {}) }) {
  return <StatusBadge table={ORDER_STATUSES} status={status} />
}

/** A promotion usage status, in the order statuses' colours. */
export function UsageStatusBadge({ status }: { status: UsageStatus | (string & {}) }) {
  return <StatusBadge table={USAGE_STATUSES} status={status} />
}
