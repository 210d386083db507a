import type { OperationId } from '~generated/api/operations'
import type { components, operations } from '~generated/api/schema'

export type ErrorCode = components['schemas']['ErrorCode']

type ResponsesOf<Op extends OperationId> = operations[Op]['responses']
/** The 4xx/5xx status keys of a response map. */
type ErrorStatuses<R> = {
  [S in keyof R]: `${S & (string | number)}` extends `4${string}` | `5${string}` ? S : never
}[keyof R]
type JsonBodyOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never

/**
 * The error bodies an operation can answer, as the contract lists them per response (decision
 * 001, "Error codes per operation"): a union discriminated by `code`, each with its details.
 */
export type OperationErrorBody<Op extends OperationId> = JsonBodyOf<
  ResponsesOf<Op>[ErrorStatuses<ResponsesOf<Op>>]
>

/** The codes each operation can answer: `OperationErrorCodes['loginPlayer']`. */
export type OperationErrorCodes = {
  [Op in OperationId]: OperationErrorBody<Op> extends infer Body
    ? Body extends { code: infer Code extends ErrorCode }
      ? Code
      : never
    : never
}

/** Every error body of the contract, whatever the operation. */
export type AnyErrorBody = { [Op in OperationId]: OperationErrorBody<Op> }[OperationId]

/** The error body of one code (the same on every operation that answers it). */
export type ErrorBodyOf<C extends ErrorCode> = Extract<AnyErrorBody, { code: C }>

/** The details one code fills (undefined for a code that carries none). */
export type ErrorDetailsOf<C extends ErrorCode> =
  ErrorBodyOf<C> extends { details: infer Details } ? Details : undefined

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never

/**
 * The details of an error whose code is not known yet at the point of reading (any key of any
 * code, each optional). Code that knows the code reads `ErrorDetailsOf<code>` instead.
 */
export type AnyErrorDetails = Partial<
  UnionToIntersection<NonNullable<Extract<AnyErrorBody, { details: unknown }>['details']>>
>

/** What an ApiError carries of the body: any code's fields, each optional. */
export type ErrorBody = {
  code: ErrorCode
  message: string
  requestId: string
  details?: AnyErrorDetails
  fields?: components['schemas']['FieldError'][]
}

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
