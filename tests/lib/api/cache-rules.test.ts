import { describe, expect, it } from 'vitest'
import { playerCreditQueryOptions, providerCreditQueryOptions } from '~/lib/api/credits'
import { depositListQueryOptions } from '~/lib/api/deposit'
import { invalidateOperations } from '~/lib/api/client'
import { createTestQueryClient } from '../../helpers/render'
import { example, http, mockApi } from '../../helpers/api'

describe('cache rules of the shared data layer', () => {
  it('ask the server again for credit every time (spec section 9: credit stale time 0)', async () => {
    const client = createTestQueryClient()
    const api = mockApi(
      http.get('/v2/players/credit', ({ response }) =>
        response(200).json(example('getPlayerCredit', 200)),
      ),
      http.get('/v2/players/credits/{provider}', ({ response }) =>
        response(200).json(example('getProviderCredit', 200)),
      ),
    )
    for (let i = 0; i < 2; i++) {
      await client.fetchQuery(playerCreditQueryOptions())
      await client.fetchQuery(providerCreditQueryOptions('gclub'))
    }
    expect(api.to('/v2/players/credit')).toHaveLength(2)
    expect(api.to('/v2/players/credits/gclub')).toHaveLength(2)
  })

  it('serve other data from cache for the default five minutes', async () => {
    const client = createTestQueryClient()
    const api = mockApi(
      http.get('/v2/deposits', ({ response }) => response(200).json(example('listDeposits', 200))),
    )
    await client.fetchQuery(depositListQueryOptions())
    await client.fetchQuery(depositListQueryOptions())
    expect(api.to('/v2/deposits')).toHaveLength(1)
  })
})

describe('invalidateOperations', () => {
  it("marks every query of the named operations stale, whatever their parameters, and no other's", async () => {
    const client = createTestQueryClient()
    const keys = [
      providerCreditQueryOptions('gclub').queryKey,
      providerCreditQueryOptions('askmebet').queryKey,
      depositListQueryOptions({ page: 2 }).queryKey,
      playerCreditQueryOptions().queryKey,
    ]
    for (const key of keys) client.setQueryData(key, {})
    await invalidateOperations(client, 'getProviderCredit', 'listDeposits')
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([
      true,
      true,
      true,
      false,
    ])
  })
})
