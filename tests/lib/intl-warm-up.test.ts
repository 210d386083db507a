import { afterEach, describe, expect, it, vi } from 'vitest'
import { warmUpIntl } from '~/lib/intl-warm-up'

const FORMAT = { locale: 'en-GB', options: { timeZone: 'Asia/Vientiane' } }

/** A stand-in for the browser's Worker: records what it was sent and whether it was ended. */
class FakeWorker {
  static last: FakeWorker | undefined
  sent: unknown[] = []
  terminated = false
  onmessage: ((event: MessageEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.last = this
  }
  postMessage(message: unknown) {
    this.sent.push(message)
  }
  terminate() {
    this.terminated = true
  }
}

const settledWithin = async (promise: Promise<void>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ])

describe('warmUpIntl', () => {
  afterEach(() => {
    FakeWorker.last = undefined
  })

  it('resolves at once where the browser has no workers', async () => {
    vi.stubGlobal('Worker', undefined)
    expect(await settledWithin(warmUpIntl(FORMAT, 10_000), 50)).toBe(true)
  })

  it('sends the worker the format and resolves, the worker ended, once it answers', async () => {
    vi.stubGlobal('Worker', FakeWorker)
    const warm = warmUpIntl(FORMAT, 10_000)
    const worker = FakeWorker.last!
    expect(worker.url.pathname).toMatch(/intl-warm-up\.worker\.ts$/)
    expect(worker.sent).toEqual([FORMAT])
    expect(await settledWithin(warm, 50)).toBe(false)
    worker.onmessage!(new MessageEvent('message', { data: 'warm' }))
    expect(await settledWithin(warm, 50)).toBe(true)
    expect(worker.terminated).toBe(true)
  })

  it('resolves, the worker ended, when the worker fails (no network, a refusing policy)', async () => {
    vi.stubGlobal('Worker', FakeWorker)
    const warm = warmUpIntl(FORMAT, 10_000)
    FakeWorker.last!.onerror!(new Event('error'))
    expect(await settledWithin(warm, 50)).toBe(true)
    expect(FakeWorker.last!.terminated).toBe(true)
  })

  it('resolves when the worker cannot be made', async () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new TypeError('module workers are not supported')
        }
      },
    )
    expect(await settledWithin(warmUpIntl(FORMAT, 10_000), 50)).toBe(true)
  })

  it('resolves after its time, the worker ended, when the worker never answers', async () => {
    vi.stubGlobal('Worker', FakeWorker)
    const warm = warmUpIntl(FORMAT, 100)
    expect(await settledWithin(warm, 20)).toBe(false)
    expect(await settledWithin(warm, 500)).toBe(true)
    expect(FakeWorker.last!.terminated).toBe(true)
  })
})
