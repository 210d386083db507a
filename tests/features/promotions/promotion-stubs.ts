// The promotion screens' network in component tests: every read answers its contract example
// (the default world unless a test names another), and a test overrides single paths.
import type { components } from '~generated/api/schema'
import type { OperationId } from '~generated/api/operations'
import { byPath, jsonResponse, stubFetch } from '../../helpers/render'
import { exampleOf } from '../../contract/spec'

export type Promotion = components['schemas']['Promotion']
export type PromotionUsage = components['schemas']['PromotionUsage']
type Handler = (request: Request) => Response | Promise<Response>

export const promotionList = exampleOf<{ promotions: Promotion[] }>('listPromotions', '200')
export const [welcome, daily, weekend] = promotionList.promotions as [
  Promotion,
  Promotion,
  Promotion,
]

/** A named example of one operation as a handler (`answer('usePromotion', '409', 'OPEN_ORDER')`). */
export const answer =
  (operationId: OperationId, status = '200', name?: string) =>
  (): Response =>
    jsonResponse(exampleOf(operationId, status, name), Number(status))

export function stubPromotionApi(overrides: Record<string, Handler> = {}) {
  return stubFetch(
    byPath({
      '/v2/promotions': answer('listPromotions'),
      '/v2/players/promotions/using': answer('getCurrentPromotion'),
      '/v2/players/backlist': answer('getPromotionBlocking'),
      '/v2/players/bank-accounts': answer('listBankAccounts'),
      '/v2/deposits/open': answer('listOpenDeposits'),
      '/v2/promotions/use': answer('usePromotion'),
      '/v2/promotions/usages/cancel': answer('cancelPromotionUsage'),
      '/v2/promotions/usages/recheck': answer('recheckPromotionUsage'),
      '/v2/promotions/usages': answer('listPromotionUsages'),
      '/v2/players/credit': answer('getPlayerCredit'),
      ...overrides,
    }),
  )
}
