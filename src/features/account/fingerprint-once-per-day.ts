import { useEffect } from 'react'

/**
 * Mount once in the layout, with the agency id from agency info, to register the
 * fingerprint on the player's first visit of the day. The registration code (FingerprintJS,
 * Temporal, the stored-value schema) is fetched after the first screen, never with it.
 */
export function useFingerprintOncePerDay(agencyId: string | undefined) {
  useEffect(() => {
    if (!agencyId) return
    void import('./fingerprint').then(({ registerFingerprintIfDue }) =>
      registerFingerprintIfDue(agencyId),
    )
  }, [agencyId])
}
