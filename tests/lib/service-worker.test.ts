import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  INSTALL_OFFERED_KEY,
  linkWebManifest,
  linkWebManifestWhenQuiet,
  MANIFEST_QUIET_MS,
  onInstallOffer,
} from '~/lib/service-worker'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
  localStorage.removeItem(INSTALL_OFFERED_KEY)
  for (const link of document.querySelectorAll('link[rel="manifest"]')) link.remove()
})

const manifestLinks = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]')]
const info = { href: '/manifest.webmanifest', useCredentials: false, linkTag: '' }

describe('linkWebManifestWhenQuiet', () => {
  it('links the manifest once the loaded page has been quiet MANIFEST_QUIET_MS, not before', async () => {
    vi.useFakeTimers()
    vi.stubEnv('DEV', false)
    expect(document.readyState).toBe('complete')
    const linked = linkWebManifestWhenQuiet(info)
    await vi.advanceTimersByTimeAsync(MANIFEST_QUIET_MS - 1000)
    expect(manifestLinks()).toEqual([])
    // The player's key starts the quiet over.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
    await vi.advanceTimersByTimeAsync(MANIFEST_QUIET_MS - 100)
    expect(manifestLinks()).toEqual([])
    await vi.advanceTimersByTimeAsync(200)
    await linked
    expect(manifestLinks().map((link) => link.getAttribute('href'))).toEqual([
      '/manifest.webmanifest',
    ])
  })

  it('links nothing on the dev server', async () => {
    await linkWebManifestWhenQuiet(info)
    expect(manifestLinks()).toEqual([])
  })
})

describe('linkWebManifest', () => {
  it("links the build's manifest once, however often it is called", () => {
    linkWebManifest(info)
    linkWebManifest(info)
    expect(manifestLinks().map((link) => link.getAttribute('href'))).toEqual([
      '/manifest.webmanifest',
    ])
    expect(manifestLinks()[0]!.parentElement).toBe(document.head)
    expect(manifestLinks()[0]!.crossOrigin).toBeNull()
  })

  it('asks for it with credentials where the build says so', () => {
    linkWebManifest({ href: '/manifest.webmanifest', useCredentials: true, linkTag: '' })
    expect(manifestLinks()[0]!.crossOrigin).toBe('use-credentials')
  })

  it('links nothing without a manifest (the dev server, the unit tests)', () => {
    linkWebManifest()
    linkWebManifest(undefined)
    expect(manifestLinks()).toEqual([])
  })
})

/** Chromium's install event, as far as the offer reads it. */
function installEvent() {
  const event = new Event('beforeinstallprompt', { cancelable: true })
  const prompt = vi.fn(() => Promise.resolve())
  Object.assign(event, { prompt })
  return { event, prompt }
}

describe('onInstallOffer', () => {
  it('offers the install once: keeps the event, and prompts only when the player asks', () => {
    const offer = vi.fn<(install: () => void) => void>()
    const stop = onInstallOffer(offer)
    window.dispatchEvent(new Event('pointerdown'))
    const first = installEvent()
    window.dispatchEvent(first.event)
    expect(first.event.defaultPrevented).toBe(true)
    expect(offer).toHaveBeenCalledOnce()
    expect(first.prompt).not.toHaveBeenCalled()
    offer.mock.calls[0]![0]()
    expect(first.prompt).toHaveBeenCalledOnce()

    // Another page load, another event: not offered again; the browser's own UI is left alone.
    const second = installEvent()
    window.dispatchEvent(second.event)
    expect(offer).toHaveBeenCalledOnce()
    expect(second.event.defaultPrevented).toBe(false)
    stop()
  })

  it('waits for the player to tap or type before offering, never over the first screen', () => {
    const offer = vi.fn<(install: () => void) => void>()
    const stop = onInstallOffer(offer)
    const event = installEvent()
    window.dispatchEvent(event.event)
    // Kept from the browser's own prompt, but not offered yet.
    expect(event.event.defaultPrevented).toBe(true)
    expect(offer).not.toHaveBeenCalled()
    expect(localStorage.getItem(INSTALL_OFFERED_KEY)).toBeNull()
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
    expect(offer).toHaveBeenCalledOnce()
    offer.mock.calls[0]![0]()
    expect(event.prompt).toHaveBeenCalledOnce()
    // One offer: later taps make no other.
    window.dispatchEvent(new Event('pointerdown'))
    expect(offer).toHaveBeenCalledOnce()
    stop()
  })

  it('stops listening when unsubscribed', () => {
    const offer = vi.fn()
    onInstallOffer(offer)()
    window.dispatchEvent(new Event('pointerdown'))
    window.dispatchEvent(installEvent().event)
    expect(offer).not.toHaveBeenCalled()
  })
})
