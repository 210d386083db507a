import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useIdempotencyKey, useIdempotencyKeys } from '~/lib/idempotency'

describe('useIdempotencyKey', () => {
  it('keeps one key across renders (retries of one intent) until renewed', () => {
    const { result, rerender } = renderHook(() => useIdempotencyKey())
    const first = result.current.key
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    rerender()
    expect(result.current.key).toBe(first)
    act(() => result.current.renew())
    expect(result.current.key).not.toBe(first)
  })
})

describe('useIdempotencyKeys', () => {
  it('keeps one key per intent until that intent is renewed', () => {
    const { result, rerender } = renderHook(() => useIdempotencyKeys())
    const a = result.current.keyFor('askmebet:A')
    const b = result.current.keyFor('askmebet:B')
    expect(a).not.toBe(b)
    rerender()
    expect(result.current.keyFor('askmebet:A')).toBe(a)
    result.current.renew('askmebet:A')
    expect(result.current.keyFor('askmebet:A')).not.toBe(a)
    expect(result.current.keyFor('askmebet:B')).toBe(b)
  })
})
