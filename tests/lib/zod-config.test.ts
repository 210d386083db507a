import { config } from 'zod/v4/core'
import { describe, expect, it } from 'vitest'
import '~/lib/zod-config'

describe('zod-config', () => {
  it("turns off zod's eval probe in the config zod reads (the CSP forbids eval)", () => {
    expect(config().jitless).toBe(true)
  })
})
