import type { GetResult } from '@fingerprintjs/fingerprintjs'
import { useEffect } from 'react'
import type { components } from '~generated/api/schema'
import { fetchClient } from '~/lib/api-client'
import { whenIdle, whenLoaded, yieldToMain } from '~/lib/idle'

export type FingerprintPayload = components['schemas']['FingerprintPayload']
export type StoredFingerprint = { date: string; fingerprint: string }

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

/** Builds the contract's FingerprintPayload (spec section 3) from the library's result. */
export function toFingerprintPayload(result: GetResult): FingerprintPayload {
  const c = result.components
  const [width, height] = valueOf(c.screenResolution) ?? [window.screen.width, window.screen.height]
  const webGl = valueOf(c.webGlBasics)
  const noWebGl = typeof webGl !== 'object'
  return {
    screen: `${width ?? 0}x${height ?? 0}`,
    version: result.version,
    timezone: valueOf(c.timezone) ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: navigator.userAgent,
    plugins: (valueOf(c.plugins) ?? []).map((plugin) => plugin.name).join(','),
    webGL: {
      version: noWebGl ? '' : webGl.version,
      vendor: noWebGl ? '' : webGl.vendor,
      vendorUnmasked: noWebGl ? '' : webGl.vendorUnmasked,
      renderer: noWebGl ? '' : webGl.renderer,
      rendererUnmasked: noWebGl ? '' : webGl.rendererUnmasked,
      shadingLanguageVersion: noWebGl ? '' : webGl.shadingLanguageVersion,
    },
    audio: valueOf(c.audio) ?? AUDIO_UNAVAILABLE,
    platform: valueOf(c.platform) ?? navigator.platform,
    fingerprint: result.visitorId,
    memory: valueOf(c.deviceMemory) ?? null,
    fonts: (valueOf(c.fonts) ?? []).join(','),
    languages: (valueOf(c.languages) ?? []).flat().join(','),
    hardwareConcurrency: valueOf(c.hardwareConcurrency) ?? 0,
    vendor: valueOf(c.vendor) ?? navigator.vendor,
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** `YYYY-MM-DD` of the player's own calendar day (the "once a day" is the player's day). */
export function localDate(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
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
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as StoredFingerprint).date === 'string' &&
      typeof (parsed as StoredFingerprint).fingerprint === 'string'
    ) {
      return parsed as StoredFingerprint
    }
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
    const today = localDate(now)
    if (!isFingerprintDue(readStoredFingerprint(agencyId), result.visitorId, today)) return false
    await fetchClient.POST('/v2/fingerprint', {
      body: { fingerprint: toFingerprintPayload(result) },
    })
    const stored: StoredFingerprint = { date: today, fingerprint: result.visitorId }
    localStorage.setItem(fingerprintStorageKey(agencyId), JSON.stringify(stored))
    return true
  } catch {
    return false
  }
}

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

/** How long to let the page settle (fonts, images, the player's first taps) after `load`. */
export const FINGERPRINT_SETTLE_MS = 3000
/** How often to look again while the player is typing. */
export const FINGERPRINT_RETRY_MS = 5000

/**
 * Registers the fingerprint when due, once the page has loaded, settled and the browser is
 * idle, and the player is not typing (else it looks again later). Returns a cancel function.
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
    void registerFingerprintIfDue(agencyId)
  }
  void whenLoaded().then(() => {
    if (!cancelled) timer = setTimeout(() => void attempt(), FINGERPRINT_SETTLE_MS)
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
