import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { isFinalAnswer, useKeyedSubmit } from '~/widgets/keyed-submit'
import { ApiError } from '~/lib/api/error'

const failure = (status: number, code = 'INTERNAL_ERROR') =>
  new ApiError(status, { code: code as 'INTERNAL_ERROR', message: code }, '/v2/deposits')

describe('isFinalAnswer', () => {
  it.each([
    [failure(0, 'NETWORK_ERROR'), false],
    [failure(408, 'UNEXPECTED_RESPONSE'), false],
    [failure(500), false],
    [failure(504, 'UNEXPECTED_RESPONSE'), false],
    [failure(409, 'IDEMPOTENCY_KEY_IN_PROGRESS'), false],
    [new TypeError('failed to fetch'), false],
    [failure(409, 'OPEN_ORDER'), true],
    [failure(422, 'IDEMPOTENCY_KEY_REUSED'), true],
    [failure(400, 'VALIDATION_FAILED'), true],
  ])('%s -> %s', (error, final) => {
    expect(isFinalAnswer(error)).toBe(final)
  })
})

describe('useKeyedSubmit', () => {
  it('keeps one key per body until a final answer, and renews it after a success', async () => {
    const { result } = renderHook(() => useKeyedSubmit())
    const keys: string[] = []
    const send = (answer: () => unknown) => (key: string) => {
      keys.push(key)
      return Promise.resolve().then(answer)
    }
    const fail = (error: unknown) => () => {
      throw error
    }
    await act(() => result.current.submit({ a: 1 }, send(fail(failure(500)))))
    await act(() => result.current.submit({ a: 2 }, send(fail(failure(500)))))
    await act(() =>
      result.current.submit(
        { a: 1 },
        send(() => 'ok'),
      ),
    )
    await act(() => result.current.submit({ a: 1 }, send(fail(failure(422, 'X')))))
    await act(() =>
      result.current.submit(
        { a: 1 },
        send(() => 'ok'),
      ),
    )
    const [first, otherBody, retry, afterSuccess, afterFinal] = keys
    expect(otherBody).not.toBe(first)
    expect(retry).toBe(first)
    expect(afterSuccess).not.toBe(first)
    expect(afterFinal).not.toBe(afterSuccess)
  })

  it('refuses a second press while one is in flight, from the press on', async () => {
    const { result } = renderHook(() => useKeyedSubmit())
    let release: (() => void) | undefined
    const held = result.current.submit({}, () => new Promise<void>((r) => (release = r)))
    // The request leaves once the press's frame is painted; a second press is busy before.
    expect(release).toBeUndefined()
    expect(await result.current.submit({}, () => Promise.resolve())).toEqual({ state: 'busy' })
    await vi.waitFor(() => expect(release).toBeDefined())
    release!()
    expect(await held).toEqual({ state: 'done', data: undefined })
  })

  it('sends with a UUID key where crypto.randomUUID is missing (plain http), and is never left in flight', async () => {
    // Outside a secure context browsers have no crypto.randomUUID, only getRandomValues.
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) })
    try {
      const { result } = renderHook(() => useKeyedSubmit())
      const sent: string[] = []
      const first = await result.current.submit({ a: 1 }, (key) => {
        sent.push(key)
        return Promise.resolve('ok')
      })
      expect(first).toEqual({ state: 'done', data: 'ok' })
      expect(sent[0]).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      )
      // A press whose intent cannot even be keyed fails, and the next press still goes out.
      const circular: { self?: unknown } = {}
      circular.self = circular
      expect((await result.current.submit(circular, () => Promise.resolve())).state).toBe('failed')
      expect(await result.current.submit({ a: 2 }, () => Promise.resolve('again'))).toEqual({
        state: 'done',
        data: 'again',
      })
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
