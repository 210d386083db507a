// Contract tag `deposit`: deposit orders and their Lao QR payment.
import { $api } from './client'
import { FIRST_PAGE, type PageQuery } from './paging'

export const depositListQueryOptions = ({ page = FIRST_PAGE, pageSize }: PageQuery = {}) =>
  $api.queryOptions('get', '/v2/deposits', { params: { query: { page, pageSize } } })

export const openDepositsQueryOptions = () => $api.queryOptions('get', '/v2/deposits/open', {})

export const depositLaoQrQueryOptions = (orderId: string) =>
  $api.queryOptions('get', '/v2/deposits/{orderId}/laoqr', { params: { path: { orderId } } })
