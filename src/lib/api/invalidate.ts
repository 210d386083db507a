import type { QueryClient } from '@tanstack/react-query'
import { operations, type OperationId } from '~generated/api/operations'

/**
 * The one way a cached answer is marked stale after a change: every query of the named
 * operations, whatever their parameters (every page, every provider), by the generated
 * `[method, path]` prefix of openapi-react-query's keys `[method, path, init]`. No key or path is
 * written by hand; a renamed path follows the contract. Those on screen are fetched again at once.
 */
export function invalidateOperations(queryClient: QueryClient, ...operationIds: OperationId[]) {
  return Promise.all(
    operationIds.map((id) => {
      const { method, path } = operations[id]
      return queryClient.invalidateQueries({ queryKey: [method, path] })
    }),
  )
}
