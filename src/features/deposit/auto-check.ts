import { focusManager, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useRef } from 'react'
import type { components } from '~generated/api/schema'
import { DEPOSIT_AUTO_CHECK, depositCheckQueryOptions } from '~/lib/api/deposit'

type Deposit = components['schemas']['Deposit']

const SECOND_MS = 1000
const { firstDelaySeconds, factor, maxDelaySeconds, maxChecks } = DEPOSIT_AUTO_CHECK

/**
 * The wait before the next check after `n` checks since the QR was shown or the player came
 * back to the page: x-auto-check's first delay, multiplied by its factor each time, capped
 * (5 s, 10 s, 20 s, 40 s, then 60 s).
 */
export function autoCheckDelayMs(n: number): number {
  return Math.min(firstDelaySeconds * factor ** Math.max(0, n), maxDelaySeconds) * SECOND_MS
}

type CheckState = { state: { data?: unknown; dataUpdateCount: number; errorUpdateCount: number } }

const isOpen = (data: unknown) =>
  typeof data === 'object' && data !== null && 'status' in data && data.status === 'OPEN'

/** Checks made for the order (each ends in an answer or a failure), presses included. */
const checksOf = ({ state }: CheckState) => state.dataUpdateCount + state.errorUpdateCount

export type DepositCheck = {
  /** The order as the last check answered it (the order on screen before any check). */
  order: Deposit
  /** The site checks by itself no more: x-auto-check's bound is reached (the button still does). */
  exhausted: boolean
  /** A press: joins a check in flight rather than sending a second. */
  check: () => Promise<{ order: Deposit; error?: unknown }>
}

/**
 * The checks the site makes by itself while an open order's QR is on screen (checkDeposit's
 * x-auto-check), on TanStack Query's own machinery: `refetchInterval` backs off from the
 * first delay to the cap, never fires while the page is hidden (`refetchIntervalInBackground:
 * false`), `refetchOnWindowFocus` checks at once when the page becomes visible again (after
 * which the interval starts again from the first delay), and both stop at the bound, at any
 * status but OPEN, and at expiry, after one last check when the page is visible (a payment
 * received before `expiresAt` still counts). A press and an automatic check share one
 * request: a refetch joins the one in flight.
 */
export function useDepositCheck(order: Deposit, expired: boolean): DepositCheck {
  const queryClient = useQueryClient()
  const options = depositCheckQueryOptions(order)
  const { queryKey } = options
  // The count of checks when the current run of delays began (-1: the QR was just shown).
  const runFrom = useRef(-1)
  const lastCheckDone = useRef(false)
  const automatic = (query: CheckState) =>
    !expired && isOpen(query.state.data) && checksOf(query) < maxChecks
  const query = useQuery({
    ...options,
    enabled: automatic,
    refetchInterval: (q) =>
      automatic(q) ? autoCheckDelayMs(checksOf(q) - runFrom.current - 1) : false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: (q) => (automatic(q) ? 'always' : false),
  })
  // Read so that each check's end renders (an unchanged answer keeps `data` the same object).
  const { refetch, dataUpdatedAt, errorUpdatedAt } = query
  void [dataUpdatedAt, errorUpdatedAt]
  const data = query.data ?? order
  const checksNow = () => {
    const state = queryClient.getQueryState(queryKey)
    return state ? checksOf({ state }) : 0
  }
  const open = data.status === 'OPEN'

  // Back on the page: the check at once (refetchOnWindowFocus) begins a new run of delays.
  const onVisibility = useEffectEvent((visible: boolean) => {
    if (visible) runFrom.current = checksNow()
  })
  useEffect(() => focusManager.subscribe((visible) => onVisibility(visible)), [])

  // At expiry, one last check once the page is visible: paid before `expiresAt` still counts.
  const lastCheck = useEffectEvent(() => {
    if (lastCheckDone.current || !focusManager.isFocused() || checksNow() >= maxChecks) return
    lastCheckDone.current = true
    void refetch({ cancelRefetch: false })
  })
  useEffect(() => {
    if (!expired || !open) return undefined
    lastCheck()
    return focusManager.subscribe(() => lastCheck())
  }, [expired, open])

  return {
    order: data,
    exhausted: open && !expired && checksNow() >= maxChecks,
    check: async () => {
      const result = await refetch({ cancelRefetch: false })
      return { order: result.data ?? order, error: result.isError ? result.error : undefined }
    },
  }
}
