import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import type { ApiError } from '../../schemas/api-error.ts'
import type { Context } from 'hono'
import { PRIVATE_CACHE_CONTROL, RATE_LIMIT_PERIOD_SECONDS } from '../../schemas/constants.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { AppError, internalErrorEnvelope } from './errors.ts'
import { logError } from './log.ts'
import { localisedEnvelope } from './localised-errors.ts'
import type { ShopLocale } from '../../schemas/locale.ts'
import { validationError } from './validation.ts'

const HTTP_EXCEPTION_CODES = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
} as const

// D1's own words when it cannot be reached or is overloaded, as opposed to a failing statement
// (a constraint, a missing table), which is a bug and stays a 500.
const DATABASE_UNAVAILABLE =
  /Network connection lost|D1 DB is overloaded|caused object to be reset|exceeded timeout/i

/** Whether D1 could not answer at all: the shopper is told plainly, and may try again later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return error instanceof Error && DATABASE_UNAVAILABLE.test(error.message)
}

/** Turns anything thrown into an AppError when it is an expected failure; null otherwise. */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error
  if (isDatabaseUnavailable(error)) {
    return new AppError('service_unavailable', MESSAGES.databaseUnavailable, { cause: error })
  }
  if (error instanceof z.ZodError) return validationError(error.issues)
  if (error instanceof HTTPException) {
    if (error.status === 400 || error.status === 422) {
      return new AppError('validation_error', MESSAGES.validationError)
    }
    const code = HTTP_EXCEPTION_CODES[error.status as keyof typeof HTTP_EXCEPTION_CODES]
    if (code) return new AppError(code, error.message || MESSAGES.systemError)
  }
  return null
}

/**
 * How long a refused caller should wait before trying again (RFC 9110 Retry-After, in seconds):
 * the wait the limit gave (a locked account's remaining seconds), else the limiters' period; null
 * when the error is not a rate limit.
 */
export function retryAfterSeconds(error: unknown): number | null {
  const appError = toAppError(error)
  if (appError?.code !== 'rate_limited') return null
  const wait = appError.details?.retryAfterSeconds
  return typeof wait === 'number' && Number.isFinite(wait) && wait > 0
    ? Math.ceil(wait)
    : RATE_LIMIT_PERIOD_SECONDS
}

/**
 * Sets Retry-After on the response being built when the error is a rate limit: a page that shows
 * it (a form, the error page) answers 429 and says when to come back, as the API does. Answers
 * whether it was one.
 */
export function answerRetryAfter(c: Context, error: unknown): boolean {
  const wait = retryAfterSeconds(error)
  if (wait === null) return false
  c.header('Retry-After', String(wait))
  return true
}

/**
 * The error envelope response for any thrown value: expected failures keep their code, status and
 * message; anything else is a 500 with the generic system message, its stack logged with the
 * request id and never sent.
 *
 * @example app.onError((error, c) => errorEnvelopeResponse(error, c.var.requestId))
 */
export function errorEnvelopeResponse(
  error: unknown,
  requestId: string | undefined,
  /** The brand's locale, when the answer goes to its shopper: the message in its language. */
  shop?: ShopLocale
): Response {
  const appError = toAppError(error)
  let status: number
  let body: ApiError
  if (appError) {
    status = appError.status
    body = appError.toEnvelope(requestId)
    // Expected by the shopper, not by the operator: an unreachable database is logged.
    if (appError.code === 'service_unavailable') logError(error, { requestId }, 'warn')
  } else {
    status = 500
    body = internalErrorEnvelope(requestId)
    logError(error, { requestId })
  }
  const headers: Record<string, string> = { 'cache-control': PRIVATE_CACHE_CONTROL }
  if (requestId) headers['x-request-id'] = requestId
  // A rate-limited answer says when to come back, wherever it was raised.
  const retryAfter = retryAfterSeconds(appError)
  if (retryAfter !== null) headers['retry-after'] = String(retryAfter)
  return Response.json(shop ? localisedEnvelope(body, shop) : body, { status, headers })
}
