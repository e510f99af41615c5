import { MESSAGES } from '../../schemas/messages.ts'

/** A failed /api call, carrying the envelope's shopper-facing message. */
export class ApiRequestError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.name = 'ApiRequestError'
    this.status = status
  }
}

// The envelope of schemas/api-error.ts, read without zod so islands stay small; only the shopper
// message is used, and anything else falls back to the generic system error.
function envelopeMessage(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null || !('error' in payload)) return null
  const error: unknown = payload.error
  if (typeof error !== 'object' || error === null || !('message' in error)) return null
  return typeof error.message === 'string' && error.message !== '' ? error.message : null
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
  throw new ApiRequestError(response.status, envelopeMessage(payload) ?? MESSAGES.systemError)
}

/** The /api calls the store search islands make (spec §7 Location). */
export const LOCATION_API = {
  autocomplete: '/api/location/autocomplete',
  interest: '/api/location/interest',
} as const

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
 * Address autocomplete: the suggestions for what the shopper typed. An answer without a
 * suggestions list is a system error; malformed entries are dropped.
 */
export async function fetchAddressSuggestions(term: string): Promise<Array<AddressSuggestion>> {
  const payload = await postJson(LOCATION_API.autocomplete, { term })
  const suggestions: unknown =
    typeof payload === 'object' && payload !== null && 'suggestions' in payload
      ? payload.suggestions
      : null
  if (!Array.isArray(suggestions)) throw new ApiRequestError(502, MESSAGES.systemError)
  return suggestions.filter(isSuggestion)
}
