import { afterEach, describe, expect, it, vi } from 'vitest'
import { INSTALL_OFFERED_KEY, onInstallOffer } from '~/lib/service-worker'

afterEach(() => localStorage.removeItem(INSTALL_OFFERED_KEY))

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
