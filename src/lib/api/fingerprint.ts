// Contract tag `fingerprint`: the browser fingerprint registered with the agency.
import type { components } from '~generated/api/schema'
import { fetchClient } from './client'

export type FingerprintPayload = components['schemas']['FingerprintPayload']

/** Sends the payload; rejects with an ApiError when the server refuses it. */
export async function registerFingerprint(fingerprint: FingerprintPayload) {
  await fetchClient.POST('/v2/fingerprint', { body: { fingerprint } })
}
