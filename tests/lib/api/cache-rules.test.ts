import { describe, expect, it } from 'vitest'
import { playerCreditQueryOptions, providerCreditQueryOptions } from '~/lib/api/credits'
import { depositListQueryOptions } from '~/lib/api/deposit'
import { byPath, createTestQueryClient, jsonResponse, stubFetch } from '../../helpers/render'
import { exampleOf } from '../../contract/spec'

describe('cache rules of the shared data layer', () => {
  it('ask the server again for credit every time (spec section 9: credit stale time 0)', async () => {
    const client = createTestQueryClient()
    const api = stubFetch(
      byPath({
        '/v2/players/credit': () => jsonResponse(exampleOf('getPlayerCredit', '200')),
        '/v2/players/credits/gclub': () => jsonResponse(exampleOf('getProviderCredit', '200')),
      }),
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
    const api = stubFetch(
      byPath({ '/v2/deposits': () => jsonResponse(exampleOf('listDeposits', '200')) }),
    )
    await client.fetchQuery(depositListQueryOptions())
    await client.fetchQuery(depositListQueryOptions())
    expect(api.to('/v2/deposits')).toHaveLength(1)
  })
})
