// Contract tag `agency`: the agency the site is presented under.
import type { QueryClient } from '@tanstack/react-query'
import { operations } from '~generated/api/operations'
import { $api } from './client'
import { isApiError } from './error'

/** Agency info is asked for first (main.tsx) and never retried (spec sections 2 and 7). */
export const agencyInfoQueryOptions = () =>
  $api.queryOptions('get', '/v2/agency/info', {}, { retry: false })

/**
 * The loader of a page whose own content shows the agency (the landing and info pages): the
 * page is drawn once, with it, rather than suspended under a layout that already drew.
 */
export function loadAgencyInfo({ context }: { context: { queryClient: QueryClient } }) {
  return context.queryClient.ensureQueryData(agencyInfoQueryOptions())
}

/** Agency info answered 404: the agency is unknown and the site shows its error page. */
export function isAgencyNotFound(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 404 &&
    error.operationPath === operations.getAgencyInfo.path
  )
}
