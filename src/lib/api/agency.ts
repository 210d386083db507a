// Contract tag `agency`: the agency the site is presented under.
import { operations } from '~generated/api/operations'
import { $api } from './client'
import { isApiError } from './error'

/** Agency info is loaded first by the root and never retried (spec sections 2 and 7). */
export const agencyInfoQueryOptions = () =>
  $api.queryOptions('get', '/v2/agency/info', {}, { retry: false })

/** Agency info answered 404: the agency is unknown and the site shows its error page. */
export function isAgencyNotFound(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 404 &&
    error.operationPath === operations.getAgencyInfo.path
  )
}
