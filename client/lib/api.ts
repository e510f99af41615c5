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
