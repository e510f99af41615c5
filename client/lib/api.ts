import { MESSAGES } from '../../schemas/messages.ts'
import { LOCATION_API } from './api-paths.ts'
import { documentLocale } from './document-locale.ts'
import { isRecord } from './is-record.ts'

/**
 * A failed /api call, carrying the envelope's shopper-facing message, its error code and
 * `details.reason` (e.g. 'basket_store_conflict'), so a caller can tell cases apart.
 */
export class ApiRequestError extends Error {
  readonly status: number
  readonly code: string | null
  readonly reason: string | null
  /** The envelope's details (reason included): what a caller may show about the refusal. */
  readonly details: Readonly<Record<string, unknown>>
  constructor(
    status: number,
    message: string,
    extra: {
      code?: string | null
      reason?: string | null
      details?: Readonly<Record<string, unknown>>
    } = {}
  ) {
    super(message)
    this.name = 'ApiRequestError'
    this.status = status
    this.code = extra.code ?? null
    this.reason = extra.reason ?? null
    this.details = extra.details ?? {}
  }
}

// The envelope of schemas/api-error.ts, read without zod so islands stay small: the shopper
// message (else the generic system error), the code and details.reason.
function envelopeError(status: number, payload: unknown): ApiRequestError {
  const error = isRecord(payload) && isRecord(payload.error) ? payload.error : {}
  const message =
    typeof error.message === 'string' && error.message !== '' ? error.message : MESSAGES.systemError
  const details = isRecord(error.details) ? error.details : {}
  return new ApiRequestError(status, message, {
    code: typeof error.code === 'string' ? error.code : null,
    reason: typeof details.reason === 'string' ? details.reason : null,
    details,
  })
}

/**
 * POSTs JSON to the app's own /api and returns the parsed answer; a failure throws
 * {@link ApiRequestError} with the envelope's message (or the generic system error).
 */
export async function postJson(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  })
  const payload: unknown = await response.json().catch(() => null)
  if (response.ok) return payload
  throw envelopeError(response.status, payload)
}

/** A schema of schemas/ (structurally, so this module does not load zod itself). */
export interface AnswerSchema<Answer> {
  safeParse(value: unknown): { success: true; data: Answer } | { success: false }
}

/**
 * {@link postJson} whose answer must match `schema`: an answer of another shape is a system error
 * ({@link ApiRequestError} 502 with `message`), never a value cast to the type it should have had.
 */
export async function postJsonAs<Answer>(
  url: string,
  body: unknown,
  schema: AnswerSchema<Answer>,
  message: string = MESSAGES.systemError
): Promise<Answer> {
  const parsed = schema.safeParse(await postJson(url, body))
  if (!parsed.success) throw new ApiRequestError(502, message)
  return parsed.data
}

/** Spec §3 Autocomplete suggestion, as the store search flow takes it (schemas/location.ts). */
export interface AddressSuggestion {
  description: string
  placeId: string
  postcode?: string
  latitude?: number
  longitude?: number
}

function isSuggestion(value: unknown): value is AddressSuggestion {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return (
    typeof record.description === 'string' &&
    typeof record.placeId === 'string' &&
    (record.postcode === undefined || typeof record.postcode === 'string') &&
    (record.latitude === undefined || typeof record.latitude === 'number') &&
    (record.longitude === undefined || typeof record.longitude === 'number')
  )
}

/**
 * Address autocomplete: the suggestions for what the shopper typed, in the shop's country (the
 * call's country is GB when absent, spec §9: a Dutch shopper was offered Manchester). An answer
 * without a suggestions list is a system error; malformed entries are dropped.
 */
export async function fetchAddressSuggestions(term: string): Promise<Array<AddressSuggestion>> {
  const country = documentLocale().countryCode
  const payload = await postJson(LOCATION_API.autocomplete, { term, country })
  const suggestions: unknown =
    typeof payload === 'object' && payload !== null && 'suggestions' in payload
      ? payload.suggestions
      : null
  if (!Array.isArray(suggestions)) throw new ApiRequestError(502, MESSAGES.systemError)
  return suggestions.filter(isSuggestion)
}
