import { useCallback, useRef, useState } from 'react'

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

/**
 * The same rule where one screen offers many intents at once (a grid of games, each tap its
 * own "open this one"): `keyFor(intent)` gives that intent's key, the same one until
 * `renew(intent)` is called after the server's answer. Kept in a ref, not state: the key is
 * read in the press handler, before any re-render could deliver a renewed one.
 */
export function useIdempotencyKeys() {
  const keys = useRef(new Map<string, string>())
  const keyFor = useCallback((intent: string) => {
    let key = keys.current.get(intent)
    if (!key) {
      key = crypto.randomUUID()
      keys.current.set(intent, key)
    }
    return key
  }, [])
  const renew = useCallback((intent: string) => {
    keys.current.delete(intent)
  }, [])
  return { keyFor, renew }
}
