import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useIdempotencyKey } from '~/lib/idempotency'

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
