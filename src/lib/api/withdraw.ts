// Contract tag `withdraw`: withdraw orders.
import { $api } from './client'
import { FIRST_PAGE, type PageQuery } from './paging'

export const withdrawListQueryOptions = ({ page = FIRST_PAGE, pageSize }: PageQuery = {}) =>
  $api.queryOptions('get', '/v2/withdraws', { params: { query: { page, pageSize } } })

export const openWithdrawsQueryOptions = () => $api.queryOptions('get', '/v2/withdraws/open', {})
