// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { allOperations, spec } from './spec'

/** Product spec section 7, verbatim (including the seed's spelling of "backlist"). */
const SEED_CALLS = [
  'POST /v2/fingerprint',
  'GET /v2/players/info',
  'POST /v2/players/login',
  'POST /v2/players/logout',
  'POST /v2/players/register',
  'POST /v2/players/username/validate',
  'POST /v2/players/security/password/change',
  'GET /v2/players/credits/{provider}',
  'GET /v2/agency/info',
  'GET /v2/promotions',
  'POST /v2/promotions/use',
  'GET /v2/players/promotions/using',
  'POST /v2/promotions/usages/recheck',
  'GET /v2/promotions/usages',
  'POST /v2/promotions/usages/cancel',
  'GET /v2/players/backlist',
]

/** Product spec section 8: codes the seed names. */
const SEED_ERROR_CODES = [
  'ACCOUNT_NOT_FOUND',
  'ACCOUNT_IN_USED',
  'PROMOTION_ONLY_FOR_FIRST_ORDER',
  'CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN',
  'OPEN_ORDER',
  'PROMOTION_ALREADY_USED',
  'PROMOTION_USAGE',
  'PROMOTION_INACTIVE',
  'PROMOTION_CREDIT_USED',
]

const present = new Set(
  allOperations().map(({ method, path }) => `${method.toUpperCase()} ${path}`),
)

describe('the contract', () => {
  it.each(SEED_CALLS)('has the seed call %s with its exact method and path', (call) => {
    expect(present).toContain(call)
  })

  it('serves under /api and guards player calls with the session cookie', () => {
    const raw = spec as unknown as {
      servers: { url: string }[]
      components: { securitySchemes: Record<string, { type: string; in: string }> }
    }
    expect(raw.servers[0]?.url).toBe('/api')
    expect(Object.values(raw.components.securitySchemes)).toContainEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie' }),
    )
    const info = allOperations().find((o) => o.path === '/v2/players/info')
    expect(info?.op.security).toBeUndefined() // inherits the global cookie requirement
    expect(info?.op.responses['401']).toBeDefined()
  })

  it('has an ErrorCode enum covering the seed codes', () => {
    const codes = spec.components.schemas.ErrorCode?.enum as string[]
    expect(codes).toEqual(expect.arrayContaining(SEED_ERROR_CODES))
  })

  it('has unique operationIds on every operation', () => {
    const ids = allOperations().map(({ op }) => op.operationId)
    expect(ids.every(Boolean)).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
