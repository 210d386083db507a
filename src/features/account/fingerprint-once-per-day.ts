import { useEffect } from 'react'
import { whenIdle, whenQuietAfterLoad } from '~/lib/idle'

const TEXT_ENTRY =
  'input:not([type=checkbox],[type=radio],[type=button],[type=submit],[type=reset],[type=range],[type=color],[type=file]),textarea,select,[contenteditable]:not([contenteditable=false])'
// Login, register and change password: their password fields keep this whether shown or not.
const CREDENTIAL_FIELD = 'input[autocomplete=current-password],input[autocomplete=new-password]'

/**
 * FingerprintJS takes the main thread for most of a second on a slow phone, so it never runs
 * while the player types or is about to: not while a text field has focus, not on a page
 * with a credential form (login, register, the change-password dialog).
 */
export function isPlayerTyping(doc: Document = document): boolean {
  const active = doc.activeElement
  if (active instanceof HTMLElement && active.matches(TEXT_ENTRY)) return true
  return doc.querySelector(CREDENTIAL_FIELD) !== null
}

/**
 * How long the page must have been quiet after `load` (no long task, no tap, key or scroll)
 * before fingerprinting starts: the first screen's own work and the player's first taps are
 * over (no long task of ours before the page is interactive).
 */
export const FINGERPRINT_QUIET_MS = 5000
/** Fingerprinting starts this long after `load` at the latest, however busy the page. */
export const FINGERPRINT_MAX_WAIT_MS = 60_000
/** How often to look again while the player is typing. */
export const FINGERPRINT_RETRY_MS = 5000

/**
 * Registers the fingerprint when due, once the page has loaded and been quiet for a while
 * (`whenQuiet`), the browser is idle and the player is not typing (else it looks again
 * later). The registration code (FingerprintJS, the stored-value schema) is fetched only
 * then, never with the first screen. Returns a cancel function.
 */
export function scheduleFingerprint(agencyId: string): () => void {
  let cancelled = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const attempt = async () => {
    await whenIdle(FINGERPRINT_RETRY_MS)
    if (cancelled) return
    if (isPlayerTyping()) {
      timer = setTimeout(() => void attempt(), FINGERPRINT_RETRY_MS)
      return
    }
    // Offline or on a flaky line the module may not come: the next visit tries again.
    const fingerprint = await import('./fingerprint').catch(() => undefined)
    void fingerprint?.registerFingerprintIfDue(agencyId)
  }
  void whenQuietAfterLoad(FINGERPRINT_QUIET_MS, FINGERPRINT_MAX_WAIT_MS).then(() => {
    if (!cancelled) void attempt()
  })
  return () => {
    cancelled = true
    clearTimeout(timer)
  }
}

/**
 * Mount once in the layout, with the agency id from agency info, to register the
 * fingerprint on the player's first visit of the day, after the first load (see
 * `scheduleFingerprint`).
 */
export function useFingerprintOncePerDay(agencyId: string | undefined) {
  useEffect(() => (agencyId ? scheduleFingerprint(agencyId) : undefined), [agencyId])
}
