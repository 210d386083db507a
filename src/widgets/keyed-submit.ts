import { useMemo, useRef } from 'react'
import { isApiError } from '~/lib/api/error'
import { nextPaint } from '~/lib/idle'

/**
 * Whether a failure is the server's final answer to a key, after which the next press is a new
 * intent with a new key. Not final, so the retry goes with the same key (the contract's
 * `Idempotency-Key` parameter): no answer reached us (offline, a dropped connection), a timeout
 * (408, or a gateway's 504), a failing server (5xx: it may have acted before failing), a rate
 * limit (429 RATE_LIMITED: refused before anything was done and never stored, so the retry after
 * `Retry-After` is the same intent), and 409 IDEMPOTENCY_KEY_IN_PROGRESS (the first press is
 * still being processed: a new key now would be a second order).
 */
export function isFinalAnswer(error: unknown): boolean {
  if (!isApiError(error)) return false
  if (error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500) {
    return false
  }
  return error.code !== 'IDEMPOTENCY_KEY_IN_PROGRESS'
}

/**
 * A random UUID (version 4) for an Idempotency-Key. Made from `crypto.getRandomValues`, which
 * every browser has in every context: `crypto.randomUUID` is missing outside secure contexts
 * (a phone on the LAN over plain http), where it threw before anything was sent.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** What one press came to: sent and answered, failed, or refused because one is in flight. */
export type Submitted<T> =
  { state: 'done'; data: T } | { state: 'failed'; error: unknown } | { state: 'busy' }

export type KeyedSubmit = {
  /**
   * Sends one press of `intent` (what is sent: the body and the path's ids) through `send`
   * with that intent's Idempotency-Key. While a press is in flight another is refused (`busy`).
   */
  submit: <T>(intent: unknown, send: (key: string) => Promise<T>) => Promise<Submitted<T>>
}

/**
 * The submit protocol of every POST the contract keys with an Idempotency-Key (IETF draft "The
 * Idempotency-Key HTTP Header Field"): one random key per intent, the same key for every retry
 * of that intent until a final answer (a success, or `isFinalAnswer`), a new key as soon as the
 * body changes (each body is its own intent: typing back to one already sent reuses its key, so
 * that retry cannot act twice either), and one press in flight at a time (from the press
 * itself, before the request leaves a frame later). The key is kept in a ref, read at the
 * press, never a render late.
 */
export function useKeyedSubmit(): KeyedSubmit {
  const keys = useRef(new Map<string, string>())
  const inFlight = useRef(false)
  return useMemo(
    () => ({
      async submit<T>(intent: unknown, send: (key: string) => Promise<T>): Promise<Submitted<T>> {
        if (inFlight.current) return { state: 'busy' }
        inFlight.current = true
        let id: string | undefined
        try {
          id = JSON.stringify(intent)
          let key = keys.current.get(id)
          if (!key) {
            key = newIdempotencyKey()
            keys.current.set(id, key)
          }
          // Sent once the frame that shows the press (the button pending) is painted: a near
          // server's answer, drawn inside the press, left the tap unanswered on a slow phone
          // (an open order with its QR code: `npm run bench:interactions`, decision 020).
          await nextPaint()
          const data = await send(key)
          keys.current.delete(id)
          return { state: 'done', data }
        } catch (error) {
          if (id !== undefined && isFinalAnswer(error)) keys.current.delete(id)
          return { state: 'failed', error }
        } finally {
          inFlight.current = false
        }
      },
    }),
    [],
  )
}
