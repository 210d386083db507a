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

  it('stops listening when unsubscribed', () => {
    const offer = vi.fn()
    onInstallOffer(offer)()
    window.dispatchEvent(installEvent().event)
    expect(offer).not.toHaveBeenCalled()
  })
})
