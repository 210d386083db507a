import { example, http, mockApi } from '../../helpers/api'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { zRegisterFingerprintRequest } from '~generated/zod/zod.gen'
import {
  fingerprintStorageKey,
  isFingerprintDue,
  readStoredFingerprint,
  registerFingerprintIfDue,
  toFingerprintPayload,
} from '~/features/account/fingerprint'
import { setAgencyTimeZone } from '~/domain/format'
import {
  FINGERPRINT_RETRY_MS,
  FINGERPRINT_MAX_WAIT_MS,
  FINGERPRINT_QUIET_MS,
  isPlayerTyping,
  scheduleFingerprint,
} from '~/features/account/fingerprint-once-per-day'

const VISITOR_ID = '3f9c1b7e2a6d4c58b0e1f2a3d4c5b6a7'
const AGENCY = 'ag_6f2c1d8e'

const load = vi.hoisted(() => vi.fn())
vi.mock('@fingerprintjs/fingerprintjs', () => ({ load, default: { load } }))
load.mockImplementation(async () => ({
  get: async () => ({
    visitorId: VISITOR_ID,
    version: '5.2.0',
    confidence: { score: 0.5 },
    components: {
      screenResolution: { value: [1280, 800], duration: 1 },
      timezone: { value: 'Asia/Vientiane', duration: 1 },
      plugins: {
        value: [
          { name: 'PDF Viewer', description: '', mimeTypes: [] },
          { name: 'Chrome PDF Viewer', description: '', mimeTypes: [] },
        ],
        duration: 1,
      },
      webGlBasics: {
        value: {
          version: 'WebGL 1.0',
          vendor: 'WebKit',
          vendorUnmasked: 'Google Inc.',
          renderer: 'WebKit WebGL',
          rendererUnmasked: 'ANGLE',
          shadingLanguageVersion: 'WebGL GLSL ES 1.0',
        },
        duration: 1,
      },
      audio: { value: 124.04347527516074, duration: 1 },
      platform: { value: 'Linux x86_64', duration: 1 },
      deviceMemory: { error: new Error('not exposed'), duration: 1 },
      fonts: { value: ['Noto Sans', 'Noto Sans Lao'], duration: 1 },
      languages: { value: [['lo-LA'], ['lo', 'th']], duration: 1 },
      hardwareConcurrency: { value: 8, duration: 1 },
      vendor: { value: 'Google Inc.', duration: 1 },
    },
  }),
}))

const registered = example('registerFingerprint', 200)
const stub = () =>
  mockApi(http.post('/v2/fingerprint', ({ response }) => response(200).json(registered)))

describe('isFingerprintDue (spec section 4)', () => {
  const today = '2024-06-15'
  it.each([
    ['nothing stored', undefined, true],
    ['stored today, same fingerprint', { date: today, fingerprint: VISITOR_ID }, false],
    ['stored yesterday', { date: '2024-06-14', fingerprint: VISITOR_ID }, true],
    ['stored today, other fingerprint', { date: today, fingerprint: 'other' }, true],
  ])('%s -> %s', (_name, stored, due) => {
    expect(isFingerprintDue(stored, VISITOR_ID, today)).toBe(due)
  })
})

describe('toFingerprintPayload: "none" is null (the contract\'s rule), never ""', () => {
  it('a phone with no plugins, no WebGL and no fonts found sends null for each', () => {
    const phone = {
      visitorId: VISITOR_ID,
      version: '5.2.0',
      confidence: { score: 0.5 },
      components: {
        plugins: { value: [], duration: 1 },
        // FingerprintJS answers a number (its failure code) when there is no WebGL.
        webGlBasics: { value: -1, duration: 1 },
        fonts: { value: [], duration: 1 },
        languages: { error: new Error('blocked'), duration: 1 },
      },
    } as unknown as Parameters<typeof toFingerprintPayload>[0]
    const payload = toFingerprintPayload(phone)
    expect(payload).toMatchObject({ plugins: null, webGL: null, fonts: null, languages: null })
    // The contract accepts it, and would refuse the old empty strings.
    expect(zRegisterFingerprintRequest.safeParse({ fingerprint: payload }).success).toBe(true)
    const withEmpty = { fingerprint: { ...payload, plugins: '' } }
    expect(zRegisterFingerprintRequest.safeParse(withEmpty).success).toBe(false)
  })
})

describe('registerFingerprintIfDue', () => {
  const morning = new Date(2024, 5, 15, 8, 0)
  const evening = new Date(2024, 5, 15, 22, 0)
  const nextDay = new Date(2024, 5, 16, 7, 0)

  it('sends the full payload of the contract, stores it under the agency, once a day', async () => {
    const fetch = stub()
    expect(await registerFingerprintIfDue(AGENCY, morning)).toBe(true)

    const [request] = fetch.to('/v2/fingerprint')
    const body = zRegisterFingerprintRequest.parse(await request?.json())
    expect(body.fingerprint).toMatchObject({
      screen: '1280x800',
      fingerprint: VISITOR_ID,
      timezone: 'Asia/Vientiane',
      plugins: 'PDF Viewer,Chrome PDF Viewer',
      fonts: 'Noto Sans,Noto Sans Lao',
      languages: 'lo-LA,lo,th',
      memory: null,
      hardwareConcurrency: 8,
      version: '5.2.0',
    })
    expect(load).toHaveBeenCalledWith({ monitoring: false })
    expect(localStorage.getItem(fingerprintStorageKey(AGENCY))).not.toBeNull()
    expect(fingerprintStorageKey(AGENCY)).toContain(AGENCY)
    expect(readStoredFingerprint(AGENCY)).toEqual({ date: '2024-06-15', fingerprint: VISITOR_ID })

    expect(await registerFingerprintIfDue(AGENCY, evening)).toBe(false)
    expect(fetch.to('/v2/fingerprint')).toHaveLength(1)

    expect(await registerFingerprintIfDue(AGENCY, nextDay)).toBe(true)
    expect(fetch.to('/v2/fingerprint')).toHaveLength(2)
  })

  it('keeps agencies apart and sends again when the fingerprint changed', async () => {
    const fetch = stub()
    await registerFingerprintIfDue(AGENCY, morning)
    await registerFingerprintIfDue('ag_other', morning)
    expect(fetch.to('/v2/fingerprint')).toHaveLength(2)

    localStorage.setItem(
      fingerprintStorageKey(AGENCY),
      JSON.stringify({ date: '2024-06-15', fingerprint: 'an-older-one' }),
    )
    expect(await registerFingerprintIfDue(AGENCY, evening)).toBe(true)
    expect(fetch.to('/v2/fingerprint')).toHaveLength(3)
  })

  it('sends once when asked twice at the same time (StrictMode effects)', async () => {
    const fetch = stub()
    await Promise.all([
      registerFingerprintIfDue(AGENCY, morning),
      registerFingerprintIfDue(AGENCY, morning),
    ])
    expect(fetch.to('/v2/fingerprint')).toHaveLength(1)
  })

  it("counts the day in the agency's zone (Agency.timeZone), not the device's", async () => {
    const fetch = stub()
    try {
      setAgencyTimeZone('Pacific/Kiritimati')
      // 09:00Z is 23:00 on the 15th at +14; 10:30Z is already the 16th there (the 15th in UTC).
      expect(await registerFingerprintIfDue(AGENCY, new Date('2024-06-15T09:00:00Z'))).toBe(true)
      expect(readStoredFingerprint(AGENCY)?.date).toBe('2024-06-15')
      expect(await registerFingerprintIfDue(AGENCY, new Date('2024-06-15T10:30:00Z'))).toBe(true)
      expect(readStoredFingerprint(AGENCY)?.date).toBe('2024-06-16')

      setAgencyTimeZone('America/Adak')
      // 2024-06-16T08:00Z is 16 June 00:00 at Adak (-9 in summer); 07:59Z still the 15th.
      localStorage.clear()
      expect(await registerFingerprintIfDue(AGENCY, new Date('2024-06-16T07:59:00Z'))).toBe(true)
      expect(readStoredFingerprint(AGENCY)?.date).toBe('2024-06-15')
      expect(await registerFingerprintIfDue(AGENCY, new Date('2024-06-16T07:00:00Z'))).toBe(false)
      expect(fetch.to('/v2/fingerprint')).toHaveLength(3)
    } finally {
      setAgencyTimeZone(undefined)
    }
  })

  it('stores nothing when the call fails, so the next load tries again', async () => {
    mockApi(
      http.post('/v2/fingerprint', ({ response }) =>
        response(500).json(example('registerFingerprint', 500)),
      ),
    )
    expect(await registerFingerprintIfDue(AGENCY, morning)).toBe(false)
    expect(readStoredFingerprint(AGENCY)).toBeUndefined()
  })
})

describe('scheduleFingerprint: after the first load, never while the player types', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  const field = (html: string) => {
    document.body.insertAdjacentHTML('beforeend', html)
    return document.body.lastElementChild as HTMLElement
  }

  it('waits for the page to settle after load, then registers once', async () => {
    const fetch = stub()
    scheduleFingerprint(AGENCY)
    await vi.advanceTimersByTimeAsync(FINGERPRINT_QUIET_MS - 100)
    expect(fetch.to('/v2/fingerprint')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(200)
    await vi.waitFor(() => expect(fetch.to('/v2/fingerprint')).toHaveLength(1))
    await vi.advanceTimersByTimeAsync(FINGERPRINT_RETRY_MS * 3)
    expect(fetch.to('/v2/fingerprint')).toHaveLength(1)
  })

  it('waits again after each tap, key or scroll', async () => {
    const fetch = stub()
    scheduleFingerprint(AGENCY)
    for (let tapped = 0; tapped < 3; tapped++) {
      await vi.advanceTimersByTimeAsync(FINGERPRINT_QUIET_MS - 1000)
      window.dispatchEvent(new Event('pointerdown'))
    }
    expect(fetch.to('/v2/fingerprint')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(FINGERPRINT_QUIET_MS + 100)
    await vi.waitFor(() => expect(fetch.to('/v2/fingerprint')).toHaveLength(1))
  })

  it('runs after FINGERPRINT_MAX_WAIT_MS on a page in constant use', async () => {
    const busy = stub()
    scheduleFingerprint(AGENCY)
    for (let waited = 0; waited < FINGERPRINT_MAX_WAIT_MS - 1000; waited += 1000) {
      await vi.advanceTimersByTimeAsync(1000)
      window.dispatchEvent(new Event('scroll'))
    }
    expect(busy.to('/v2/fingerprint')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1100)
    await vi.waitFor(() => expect(busy.to('/v2/fingerprint')).toHaveLength(1))
  })

  it('waits again after a long task where the browser reports them', async () => {
    const fetch = stub()
    let reportLongTask = () => {}
    class LongTaskObserver {
      static supportedEntryTypes = ['longtask']
      constructor(callback: () => void) {
        reportLongTask = callback
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', LongTaskObserver)
    scheduleFingerprint(AGENCY)
    await vi.advanceTimersByTimeAsync(FINGERPRINT_QUIET_MS - 500)
    reportLongTask()
    await vi.advanceTimersByTimeAsync(FINGERPRINT_QUIET_MS - 500)
    expect(fetch.to('/v2/fingerprint')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(600)
    await vi.waitFor(() => expect(fetch.to('/v2/fingerprint')).toHaveLength(1))
    vi.unstubAllGlobals()
  })

  it('waits for an idle period when the browser has requestIdleCallback', async () => {
    const fetch = stub()
    const idle: IdleRequestCallback[] = []
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback))
    scheduleFingerprint(AGENCY)
    await vi.advanceTimersByTimeAsync(FINGERPRINT_QUIET_MS * 2)
    expect(idle).toHaveLength(1)
    expect(fetch.to('/v2/fingerprint')).toHaveLength(0)
    idle[0]!({ didTimeout: false, timeRemaining: () => 50 })
    await vi.waitFor(() => expect(fetch.to('/v2/fingerprint')).toHaveLength(1))
    vi.unstubAllGlobals()
  })

  it('does not run on a page with a credential form (login, register), and does once it is gone', async () => {
    const fetch = stub()
    const form = field('<form><input autocomplete="current-password" type="text"></form>')
    expect(isPlayerTyping()).toBe(true)
    scheduleFingerprint(AGENCY)
    await vi.advanceTimersByTimeAsync(FINGERPRINT_QUIET_MS + FINGERPRINT_RETRY_MS * 3)
    expect(fetch.to('/v2/fingerprint')).toHaveLength(0)
    form.remove()
    await vi.advanceTimersByTimeAsync(FINGERPRINT_RETRY_MS + 10)
    await vi.waitFor(() => expect(fetch.to('/v2/fingerprint')).toHaveLength(1))
  })

  it('does not run while a text field has focus', async () => {
    const fetch = stub()
    const amount = field('<input type="text" inputmode="decimal">')
    amount.focus()
    scheduleFingerprint(AGENCY)
    await vi.advanceTimersByTimeAsync(FINGERPRINT_QUIET_MS + FINGERPRINT_RETRY_MS * 2)
    expect(fetch.to('/v2/fingerprint')).toHaveLength(0)
    amount.blur()
    await vi.advanceTimersByTimeAsync(FINGERPRINT_RETRY_MS + 10)
    await vi.waitFor(() => expect(fetch.to('/v2/fingerprint')).toHaveLength(1))
  })

  it('a cancelled schedule (the layout unmounted) never runs', async () => {
    const fetch = stub()
    const cancel = scheduleFingerprint(AGENCY)
    cancel()
    await vi.advanceTimersByTimeAsync(FINGERPRINT_QUIET_MS + FINGERPRINT_RETRY_MS * 2)
    expect(fetch.to('/v2/fingerprint')).toHaveLength(0)
  })
})
