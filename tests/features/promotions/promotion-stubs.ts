// The promotion screens' network in component tests: every read answers its contract example
// (the default world unless a test names another), and a test's own handlers come first.
import type { RequestHandler } from 'msw'
import type { components } from '~generated/api/schema'
import { example, http, mockApi } from '../../helpers/api'

export type Promotion = components['schemas']['Promotion']
export type PromotionUsage = components['schemas']['PromotionUsage']

export const promotionList = example('listPromotions', 200)
export const [welcome, daily, weekend] = promotionList.promotions as [
  Promotion,
  Promotion,
  Promotion,
]

/** The usage in force: one of the contract's named examples (`'used'`...), or its first. */
export const inForce = (name?: string) =>
  http.get('/v2/players/promotions/using', ({ response }) =>
    response(200).json(example('getCurrentPromotion', 200, name)),
  )

export function stubPromotionApi(...overrides: RequestHandler[]) {
  return mockApi(
    ...overrides,
    http.get('/v2/promotions', ({ response }) => response(200).json(promotionList)),
    inForce(),
    http.get('/v2/players/backlist', ({ response }) =>
      response(200).json(example('getPromotionBlocking', 200)),
    ),
    http.get('/v2/players/bank-accounts', ({ response }) =>
      response(200).json(example('listBankAccounts', 200)),
    ),
    http.get('/v2/deposits/open', ({ response }) =>
      response(200).json(example('listOpenDeposits', 200)),
    ),
    http.post('/v2/promotions/use', ({ response }) =>
      response(200).json(example('usePromotion', 200)),
    ),
    http.post('/v2/promotions/usages/cancel', ({ response }) =>
      response(200).json(example('cancelPromotionUsage', 200)),
    ),
    http.post('/v2/promotions/usages/recheck', ({ response }) =>
      response(200).json(example('recheckPromotionUsage', 200)),
    ),
    http.get('/v2/promotions/usages', ({ response }) =>
      response(200).json(example('listPromotionUsages', 200)),
    ),
    http.get('/v2/players/credit', ({ response }) =>
      response(200).json(example('getPlayerCredit', 200)),
    ),
  )
}
