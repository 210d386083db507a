// Example by parameter. Prism answers an operation's first example whatever the parameters
// say; these rules pick, among the operation's success examples, the one whose CONTENT fits
// the request (the credit whose `provider` is the path's provider, the promotion whose `id` is
// the path's id, the history page whose `page` is the query's page). Matching on content
// rather than on example names means a renamed or added example is picked up with no edit.
//
// Rules narrow the candidates in the order listed; a rule no example fits is skipped (or
// answers its `otherwise` example, a documented error such as getPromotion's 404), and when
// nothing fits the contract's default answer stays. A scenario's or transition's explicit
// choice wins over these rules. (quoteWithdraw has no rule on purpose: its only askmebet
// example is the withdraw-all world's, which the default world must not show.)
import type { OperationId } from './contract'

export type ParamRule = {
  in: 'path' | 'query' | 'body'
  /** The parameter's (or top-level body property's) name in the request. */
  name: string
  /** True when an example's value fits the parameter's value. */
  fits: (example: unknown, value: string) => boolean
  /** The example (an error, by its code) for a value no success example fits. */
  otherwise?: string
  /**
   * `otherwise` only for a value the example world does not know (no example of the contract
   * carries it): an id it knows (an order another operation answered) keeps the default answer,
   * which then repeats the id (mock/agree.ts).
   */
  unlessKnown?: boolean
  /**
   * The list whose long rows (a scenario's `volume`, mock/volume.ts) a value may name: such a
   * value fits as the example row it was made from, so a generated row answers as its template
   * (the layer then writes the row's own id, title and dates into the answer).
   */
  rowsOf?: OperationId
}

function at(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
      value,
    )
}

/** The example's field (dotted path) equals the parameter, compared as text. */
const field =
  (path: string) =>
  (example: unknown, value: string): boolean => {
    const found = at(example, path)
    return found !== undefined && found !== null && String(found) === value
  }

/** The example's list is not empty and every item's field equals the parameter. */
const everyItem =
  (listPath: string, itemField: string) =>
  (example: unknown, value: string): boolean => {
    const list = at(example, listPath)
    return (
      Array.isArray(list) && list.length > 0 && list.every((item) => field(itemField)(item, value))
    )
  }

const page: ParamRule = { in: 'query', name: 'page', fits: field('page') }

export const parameterRules: Partial<Record<OperationId, ParamRule[]>> = {
  getProviderCredit: [{ in: 'path', name: 'provider', fits: field('provider') }],
  listGames: [
    { in: 'query', name: 'provider', fits: everyItem('games', 'provider') },
    { in: 'query', name: 'category', fits: everyItem('games', 'category') },
  ],
  listAlphabetGames: [{ in: 'query', name: 'category', fits: everyItem('games', 'category') }],
  getPromotion: [
    // Today the detail is the promotion itself; `promotion.id` covers a wrapped detail.
    {
      in: 'path',
      name: 'promotionId',
      fits: (ex, v) => field('id')(ex, v) || field('promotion.id')(ex, v),
      // Decision 005: an id no detail example has is the documented 404.
      otherwise: 'PROMOTION_NOT_FOUND',
      rowsOf: 'listPromotions',
    },
  ],
  getDepositLaoQr: [
    {
      in: 'path',
      name: 'orderId',
      fits: field('orderId'),
      // The contract: ORDER_NOT_FOUND for an order the session does not have.
      otherwise: 'ORDER_NOT_FOUND',
      unlessKnown: true,
    },
  ],
  // The claim answered is the promotion claimed (and the provider it is claimed for).
  usePromotion: [
    { in: 'body', name: 'promotionId', fits: field('promotionId'), rowsOf: 'listPromotions' },
    { in: 'body', name: 'providerId', fits: field('provider') },
  ],
  listDeposits: [page],
  listWithdraws: [page],
  listPromotionUsages: [page, { in: 'query', name: 'status', fits: everyItem('items', 'status') }],
}
