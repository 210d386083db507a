import { useEffect, useState } from 'react'
import { isApiError } from './api/error'

/** The wait a 429 RATE_LIMITED asked for (its `Retry-After`, in seconds), else undefined. */
export function rateLimitWait(error: unknown): number | undefined {
  return isApiError(error) && error.code === 'RATE_LIMITED' ? error.retryAfterSeconds : undefined
}

/** Whole seconds from `now` until `deadline` (ms since the epoch), rounded up, never below 0. */
export function secondsUntil(deadline: number, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000))
}

/**
 * Seconds left before the action refused with `error` may be tried again: counts down from a
 * 429's `Retry-After` once a second to 0, restarts for each new error, and is 0 for any other
 * error (or none). Forms disable their submit while it is above 0.
 */
export function useRetryAfter(error: unknown): number {
  const wait = rateLimitWait(error)
  const [tick, setTick] = useState<{ error: unknown; left: number }>()
  useEffect(() => {
    if (!wait) return undefined
    const deadline = Date.now() + wait * 1000
    const timer = setInterval(() => {
      const left = secondsUntil(deadline)
      setTick({ error, left })
      if (left === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [error, wait])
  if (!wait) return 0
  // Until the first tick of this error, the whole wait is left.
  return tick !== undefined && tick.error === error ? tick.left : wait
}
