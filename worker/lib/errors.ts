import type { ApiError, ApiFieldError, ErrorCode } from '../../schemas/api-error.ts'
import { MESSAGES } from '../../schemas/messages.ts'

/** One status per error code: the only place where an API error becomes an HTTP status. */
export const ERROR_STATUS = {
  validation_error: 422,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  timeout: 504,
  unknown_brand: 404,
  upstream_error: 502,
  service_unavailable: 503,
  internal_error: 500,
} as const satisfies Record<ErrorCode, number>

/**
 * An expected failure with a message fit for a shopper. Thrown anywhere in the worker, turned into
 * the error envelope (API) or the error page (pages) by the app's onError.
 *
 * @example throw new AppError('not_found', MESSAGES.storeNotFound)
 */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly fields: Array<ApiFieldError> | undefined
  readonly details: Record<string, unknown> | undefined

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      fields?: Array<ApiFieldError>
      details?: Record<string, unknown>
      cause?: unknown
    } = {}
  ) {
    super(message, { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.fields = options.fields
    this.details = options.details
  }

  get status(): (typeof ERROR_STATUS)[ErrorCode] {
    return ERROR_STATUS[this.code]
  }

  toEnvelope(requestId?: string): ApiError {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.details ? { details: this.details } : {}),
        ...(requestId ? { requestId } : {}),
      },
    }
  }
}

/**
 * A refusal a form's page tells the shopper about (a flash, then back to the page): the backend
 * said no to this input. Server errors and rate limits go to the error pages instead.
 */
export function isShoppersRefusal(error: unknown): boolean {
  return error instanceof AppError && error.status < 500 && error.code !== 'rate_limited'
}

/** The envelope for an error nobody expected: never the original message or stack. */
export function internalErrorEnvelope(requestId?: string): ApiError {
  return new AppError('internal_error', MESSAGES.systemError).toEnvelope(requestId)
}
