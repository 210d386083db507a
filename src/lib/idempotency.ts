import { useCallback, useState } from 'react'

/**
 * One Idempotency-Key per intent (IETF draft "The Idempotency-Key HTTP Header Field"): the same
 * key goes with every retry of one submit, so a timeout followed by a retry cannot create a
 * second order; `renew()` after the server's answer (success, or the player changing what they
 * send) starts a new intent. Keys are random UUIDs, never derived from the body.
 */
export function useIdempotencyKey() {
  const [key, setKey] = useState(() => crypto.randomUUID())
  const renew = useCallback(() => setKey(crypto.randomUUID()), [])
  return { key, renew }
}
