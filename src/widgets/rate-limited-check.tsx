import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { m } from '~generated/paraglide/messages'
import { errorMessage } from '~/domain/error-messages'
import { rateLimitWait, secondsUntil, useRetryAfter } from '~/lib/retry-after'
import type { ErrorText } from '~/ui/form'
import { ScreenReaderStatus } from '~/ui/form-alert'

export type RateLimitedCheck = {
  /**
   * Called first by the field's check: while a 429's wait runs, the wait (shown at the field)
   * and the server is not asked; otherwise undefined, and the check asks.
   */
  waiting: () => ErrorText | undefined
  /**
   * What the field says when the check's call failed: a 429 RATE_LIMITED with Retry-After
   * starts the wait and says it, counted down; any other error its catalogue message.
   */
  failed: (error: unknown) => ErrorText
  /** The last 429 and its whole wait in seconds (what a screen reader is told once), if any. */
  limit: { error: unknown; wait: number } | undefined
  /** `useRetryAfter` of that 429: 0 once its wait is over. */
  secondsLeft: number
}

/**
 * The 429 of a field's server check that runs as the player types (the username's availability,
 * the withdraw quote), beside the keyed POSTs' `ServerAlert`: the countdown is the field's
 * error, the server is not asked again before Retry-After has passed (typing, or a submit,
 * meanwhile gets the same wait), and when it has, `RateLimitedCheckStatus` (after the field)
 * runs the field's check again by itself. The count shown is computed from one deadline at each
 * render; `useRetryAfter` re-renders the form once a second and says when the wait is over.
 */
export function useRateLimitedCheck(): RateLimitedCheck {
  const [limit, setLimit] = useState<{ error: unknown; wait: number }>()
  const deadline = useRef(0)
  const secondsLeft = useRetryAfter(limit?.error)

  const [check] = useState(() => {
    const wait: ErrorText = () =>
      m.errors_rate_limited_recheck({ seconds: Math.max(1, secondsUntil(deadline.current)) })
    return {
      waiting: () => (Date.now() < deadline.current ? wait : undefined),
      failed: (error: unknown): ErrorText => {
        const seconds = rateLimitWait(error)
        if (!seconds) return () => errorMessage(error)
        deadline.current = Date.now() + seconds * 1000
        setLimit({ error, wait: seconds })
        return wait
      },
    }
  })
  return { ...check, limit, secondsLeft }
}

type StatusProps = {
  check: RateLimitedCheck
  /** Runs the field's check again (`form.validateField(name, 'change')`). */
  recheck: () => void
}

/**
 * Placed after the field: tells a screen reader the wait once (not every second), and runs the
 * field's check again when the wait is over.
 */
export function RateLimitedCheckStatus({ check: { limit, secondsLeft }, recheck }: StatusProps) {
  const rechecked = useRef<unknown>(undefined)
  const onOver = useEffectEvent(recheck)
  useEffect(() => {
    if (limit === undefined || secondsLeft > 0 || rechecked.current === limit) return
    rechecked.current = limit
    onOver()
  }, [limit, secondsLeft])
  if (limit === undefined || secondsLeft === 0) return null
  return (
    <ScreenReaderStatus>
      {m.errors_rate_limited_recheck({ seconds: limit.wait })}
    </ScreenReaderStatus>
  )
}
