import { z } from 'zod'

/** Machine-readable error codes of the API; each maps to one HTTP status in worker/lib/errors.ts. */
export const ERROR_CODES = [
  'validation_error',
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'timeout',
  'unknown_brand',
  'upstream_error',
  'service_unavailable',
  'internal_error',
] as const
export const ErrorCodeSchema = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof ErrorCodeSchema>

export type ApiFieldError = z.infer<typeof ApiFieldErrorSchema>
export const ApiFieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
})

/**
 * The one error envelope of the API. `message` is always fit to show a shopper (a spec message
 * where one exists); `fields` names each invalid input.
 *
 * @example
 * { "error": { "code": "validation_error", "message": "Please enter a valid postcode",
 *   "fields": [{ "field": "postcode", "message": "Please enter a valid postcode" }],
 *   "requestId": "d1f0…" } }
 */
export type ApiError = z.infer<typeof ApiErrorSchema>
export const ApiErrorSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    fields: z.array(ApiFieldErrorSchema).optional(),
    requestId: z.string().optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
})
