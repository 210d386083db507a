import { $api } from '~/lib/api-client'

/** Agency info is loaded first by the root and never retried (spec sections 2 and 7). */
export const agencyInfoQueryOptions = () =>
  $api.queryOptions('get', '/v2/agency/info', {}, { retry: false })
