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
