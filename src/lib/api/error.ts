import type { components } from '~generated/api/schema'

export type ErrorCode = components['schemas']['ErrorCode']
export type ErrorBody = components['schemas']['Error']

/** Client-side failures that never come from the server, so they are not in the contract. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'UNEXPECTED_RESPONSE'

/**
 * The one error every API call rejects with. It carries the contract's Error body, so
 * the types openapi-react-query derives from the spec (`error.code`, `error.fields`) hold,
 * plus the HTTP status and the operation that failed.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: ErrorCode | ClientErrorCode
  readonly details: ErrorBody['details']
  readonly fields: ErrorBody['fields']
  /** What a player quotes to staff (decision 005); absent on client-side failures. */
  readonly requestId: string | undefined
  readonly operationPath: string
  /** A 429's `Retry-After` in whole seconds (contract: RateLimited), else undefined. */
  readonly retryAfterSeconds: number | undefined

  constructor(
    status: number,
    body: Omit<Partial<ErrorBody>, 'code'> & { code: ErrorCode | ClientErrorCode },
    operationPath: string,
    retryAfterSeconds?: number,
  ) {
    super(body.message ?? body.code)
    this.status = status
    this.code = body.code
    this.details = body.details
    this.fields = body.fields
    this.requestId = body.requestId
    this.operationPath = operationPath
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** A 2xx whose body is not what the contract says: a failed load (with retry), never a crash. */
export function malformedAnswer(what: string): ApiError {
  return new ApiError(200, { code: 'UNEXPECTED_RESPONSE', message: what }, '')
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

function looksLikeErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  )
}

/** `Retry-After` as delay-seconds (the contract's form); an HTTP date or nonsense is ignored. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('Retry-After')?.trim()
  return value && /^\d{1,5}$/.test(value) && Number(value) > 0 ? Number(value) : undefined
}

/**
 * Turns any failed response into an ApiError. A body that is not the contract's Error
 * (an HTML gateway page, an empty 502) becomes UNEXPECTED_RESPONSE (or UNAUTHORIZED for a
 * bare 401) instead of a SyntaxError deep inside a query.
 */
export async function toApiError(response: Response, operationPath: string): Promise<ApiError> {
  let body: unknown
  try {
    body = await response.clone().json()
  } catch {
    body = undefined
  }
  if (looksLikeErrorBody(body))
    return new ApiError(response.status, body, operationPath, retryAfterOf(response))
  const code = response.status === 401 ? 'UNAUTHORIZED' : 'UNEXPECTED_RESPONSE'
  return new ApiError(response.status, { code, message: response.statusText }, operationPath)
}
