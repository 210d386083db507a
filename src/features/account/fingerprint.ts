import type { GetResult } from '@fingerprintjs/fingerprintjs'
import * as z from 'zod/mini'
import { registerFingerprint, type FingerprintPayload } from '~/lib/api/fingerprint'
import { agencyDate } from '~/domain/format'
import { yieldToMain } from '~/lib/idle'

export type { FingerprintPayload }

/** What is kept per agency after a registration; anything else in storage is ignored. */
const storedFingerprintSchema = z.object({ date: z.string(), fingerprint: z.string() })
export type StoredFingerprint = z.infer<typeof storedFingerprintSchema>

/** localStorage key of the last registration, one per agency (spec section 4). */
export const fingerprintStorageKey = (agencyId: string) => `fingerprint:${agencyId}`

/** The contract: a negative audio value means "unsupported or timed out". */
const AUDIO_UNAVAILABLE = -1

let resultPromise: Promise<GetResult> | undefined

/**
 * Runs FingerprintJS once per page load. The library is imported on demand (it is not needed
 * for the first screen) and loaded with `monitoring: false`, otherwise it calls a CDN.
 */
export function getFingerprint(): Promise<GetResult> {
  // Each step is a long task on a slow phone: the browser gets a turn between them.
  resultPromise ??= import('@fingerprintjs/fingerprintjs')
    .then(async (lib) => {
      await yieldToMain()
      return lib.load({ monitoring: false })
    })
    .then(async (agent) => {
      await yieldToMain()
      return agent.get()
    })
  resultPromise.catch(() => {
    resultPromise = undefined
  })
  return resultPromise
}

/** The visitor id that register sends in its body and its X-Fingerprint header. */
export async function getVisitorId(): Promise<string> {
  return (await getFingerprint()).visitorId
}

type Component<T> = { value: T } | { error: unknown }
function valueOf<T>(component: Component<T> | undefined): T | undefined {
  return component && 'value' in component ? component.value : undefined
}

/** A list as the contract sends it: comma-joined, or null when there is none (never `""`). */
function joinedOrNull(items: readonly string[] | undefined): string | null {
  const joined = (items ?? []).filter(Boolean).join(',')
  return joined === '' ? null : joined
}

/** Builds the contract's FingerprintPayload (spec section 3) from the library's result. */
export function toFingerprintPayload(result: GetResult): FingerprintPayload {
  const c = result.components
  const [width, height] = valueOf(c.screenResolution) ?? [window.screen.width, window.screen.height]
  const webGl = valueOf(c.webGlBasics)
  return {
    screen: `${width ?? 0}x${height ?? 0}`,
    version: result.version,
    timezone: valueOf(c.timezone) ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: navigator.userAgent,
    plugins: joinedOrNull(valueOf(c.plugins)?.map((plugin) => plugin.name)),
    // The library answers a number (a failure code) when the browser has no WebGL.
    webGL:
      typeof webGl === 'object'
        ? {
            version: webGl.version,
            vendor: webGl.vendor,
            vendorUnmasked: webGl.vendorUnmasked,
            renderer: webGl.renderer,
            rendererUnmasked: webGl.rendererUnmasked,
            shadingLanguageVersion: webGl.shadingLanguageVersion,
          }
        : null,
    audio: valueOf(c.audio) ?? AUDIO_UNAVAILABLE,
    platform: valueOf(c.platform) ?? navigator.platform,
    fingerprint: result.visitorId,
    memory: valueOf(c.deviceMemory) ?? null,
    fonts: joinedOrNull(valueOf(c.fonts)),
    languages: joinedOrNull(valueOf(c.languages)?.flat()),
    hardwareConcurrency: valueOf(c.hardwareConcurrency) ?? 0,
    vendor: valueOf(c.vendor) ?? navigator.vendor,
  }
}

/** Spec section 4: re-send when nothing is stored, the fingerprint changed or it is a new day. */
export function isFingerprintDue(
  stored: StoredFingerprint | undefined,
  visitorId: string,
  today: string,
): boolean {
  return !stored || stored.fingerprint !== visitorId || stored.date !== today
}

export function readStoredFingerprint(agencyId: string): StoredFingerprint | undefined {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(fingerprintStorageKey(agencyId)) ?? '')
    const stored = storedFingerprintSchema.safeParse(parsed)
    if (stored.success) return stored.data
  } catch {
    // Nothing stored, or garbage: treated as never registered.
  }
  return undefined
}

const inFlight = new Map<string, Promise<boolean>>()

/**
 * Registers the browser's fingerprint with the agency when due (at most once a day per
 * agency). Resolves true when it was sent and stored. Failures are silent: the player is not
 * concerned, and the next page load tries again.
 */
export function registerFingerprintIfDue(agencyId: string, now: Date = new Date()) {
  // One run at a time per agency (StrictMode runs effects twice; several tabs share storage).
  let run = inFlight.get(agencyId)
  if (!run) {
    run = sendIfDue(agencyId, now).finally(() => inFlight.delete(agencyId))
    inFlight.set(agencyId, run)
  }
  return run
}

async function sendIfDue(agencyId: string, now: Date): Promise<boolean> {
  try {
    const result = await getFingerprint()
    const today = agencyDate(now)
    if (!isFingerprintDue(readStoredFingerprint(agencyId), result.visitorId, today)) return false
    await registerFingerprint(toFingerprintPayload(result))
    const stored: StoredFingerprint = { date: today, fingerprint: result.visitorId }
    localStorage.setItem(fingerprintStorageKey(agencyId), JSON.stringify(stored))
    return true
  } catch {
    return false
  }
}
