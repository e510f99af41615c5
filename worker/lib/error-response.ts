import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import type { ApiError } from '../../schemas/api-error.ts'
import { PRIVATE_CACHE_CONTROL } from '../../schemas/constants.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { AppError, internalErrorEnvelope } from './errors.ts'
import { logError } from './log.ts'
import { validationError } from './validation.ts'

const HTTP_EXCEPTION_CODES = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
} as const

/** Turns anything thrown into an AppError when it is an expected failure; null otherwise. */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error
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
 * The error envelope response for any thrown value: expected failures keep their code, status and
 * message; anything else is a 500 with the generic system message, its stack logged with the
 * request id and never sent.
 *
 * @example app.onError((error, c) => errorEnvelopeResponse(error, c.var.requestId))
 */
export function errorEnvelopeResponse(error: unknown, requestId: string | undefined): Response {
  const appError = toAppError(error)
  let status: number
  let body: ApiError
  if (appError) {
    status = appError.status
    body = appError.toEnvelope(requestId)
  } else {
    status = 500
    body = internalErrorEnvelope(requestId)
    logError(error, { requestId })
  }
  const headers: Record<string, string> = { 'cache-control': PRIVATE_CACHE_CONTROL }
  if (requestId) headers['x-request-id'] = requestId
  // A rate-limited answer says when to come back (RFC 9110 Retry-After), wherever it was raised.
  const retryAfter = appError?.details?.retryAfterSeconds
  if (appError?.code === 'rate_limited' && typeof retryAfter === 'number') {
    headers['retry-after'] = String(retryAfter)
  }
  return Response.json(body, { status, headers })
}
