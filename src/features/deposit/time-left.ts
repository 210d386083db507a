import { useEffect, useState } from 'react'

const SECOND_MS = 1000

/** The current time, updated every second while mounted (for a countdown). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), SECOND_MS)
    return () => clearInterval(timer)
  }, [])
  return now
}

export type TimeLeft = { days: number; time: string } | 'expired'

const pad = (n: number) => String(n).padStart(2, '0')

/** Time until `expiresAt` (RFC 3339) as days and `HH:mm:ss`, or `expired`. */
export function timeLeft(expiresAt: string, now: number): TimeLeft {
  const ms = Date.parse(expiresAt) - now
  if (!Number.isFinite(ms) || ms <= 0) return 'expired'
  const total = Math.floor(ms / SECOND_MS)
  const days = Math.floor(total / 86_400)
  const hours = Math.floor((total % 86_400) / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  return { days, time: `${pad(hours)}:${pad(minutes)}:${pad(total % 60)}` }
}

/**
 * Whether `expiresAt` has passed, on the countdown's own cadence (every second, so the QR goes
 * when the countdown shows zero), and at once when the page becomes visible again (a hidden
 * tab's timers run late), so an expired order's QR is never shown a moment longer. Renders
 * only when the answer changes.
 */
export function useExpired(expiresAt: string): boolean {
  const [expired, setExpired] = useState(() => timeLeft(expiresAt, Date.now()) === 'expired')
  useEffect(() => {
    const update = () => setExpired(timeLeft(expiresAt, Date.now()) === 'expired')
    update()
    const timer = setInterval(update, SECOND_MS)
    document.addEventListener('visibilitychange', update)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', update)
    }
  }, [expiresAt])
  return expired
}
